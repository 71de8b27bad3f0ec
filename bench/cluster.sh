#!/usr/bin/env bash
# Production topology on this machine, and the checks run against it (README, "Production"):
# a standalone PostgreSQL (Debian's server binaries; installed when missing), an Artemis replication
# pair (broker/ha/, the primary on 61616, the backup on 61617, each run by broker/run-artemis.sh),
# and two Payhook instances sharing both. Prints one summary line per check.
#   bench/cluster.sh     N=1000 events per check; KILL_N=5000, PG_N=2000 paced; BACKLOG=300000
#   UPGRADE_FROM=<commit> bench/cluster.sh   the upgrade run alone: both instances start at that
#                        commit's jar, take UPGRADE_N events paced (default 3000 at 50/s), and are
#                        replaced by this checkout's one at a time (SIGTERM, start, ready); it
#                        reports the events acknowledged but never applied and those applied twice
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
N="${N:-1000}"; KILL_N="${KILL_N:-5000}"; PG_N="${PG_N:-2000}"; BACKLOG="${BACKLOG:-300000}"
PG_PORT="${PG_PORT:-55432}"
VERSION="${ARTEMIS_VERSION:-2.40.0}"
HEAP_MB=512
OUT="$(pwd)/bench/results/cluster-$(date -u +%Y%m%dT%H%M%SZ)"
SECRET="whsec_cluster_$RANDOM$RANDOM"; TOKEN="$(openssl rand -hex 32)"; BROKER_PASSWORD="broker-$RANDOM$RANDOM"
declare -A GW=()      # gateway name -> pid
BROKERS=()
mkdir -p "$OUT/classes"
stop() {  # stop PID: SIGTERM, then SIGKILL after 60 s
  kill "$1" 2>/dev/null || return 0
  timeout 60 tail --pid="$1" -f /dev/null || kill -9 "$1" 2>/dev/null || true
}
cleanup() {  # the gateways first (they stop in order while their broker is there), then the brokers
  for pid in "${GW[@]}"; do stop "$pid"; done
  for ((i = ${#BROKERS[@]} - 1; i >= 0; i--)); do stop "${BROKERS[i]}"; done
  [ -d "$OUT/pg" ] && runuser -u postgres -- "$PGBIN/pg_ctl" -D "$OUT/pg" -m fast stop >/dev/null 2>&1 || true
}
trap cleanup EXIT
trap 'exit 130' INT TERM   # so that a signal runs the cleanup too

# --- PostgreSQL -----------------------------------------------------------------------------
pg_server "$OUT/pg" "$PG_PORT"
pg_ctl() { runuser -u postgres -- "$PGBIN/pg_ctl" -D "$OUT/pg" "$@"; }
sql() { runuser -u postgres -- "$PGBIN/psql" -h 127.0.0.1 -p "$PG_PORT" -d payhook -Atq -c "$1"; }

# --- Artemis replication pair (broker/ha/, run by broker/run-artemis.sh) --------------------
HOME_DIR="broker/dist/apache-artemis-$VERSION"
broker() {  # broker ROLE OWN_PORT PEER_PORT HTTP_PORT [LOG NAME]: starts (or restarts) that member
  ARTEMIS_VERSION="$VERSION" ARTEMIS_INSTANCE="$OUT/$1" ARTEMIS_PORT="$2" ARTEMIS_HTTP_PORT="$4" \
  ARTEMIS_PASSWORD="$BROKER_PASSWORD" ARTEMIS_HA="$1" ARTEMIS_PEER="tcp://127.0.0.1:$3" \
  ARTEMIS_CLUSTER_PASSWORD="$BROKER_PASSWORD" bash broker/run-artemis.sh > "$OUT/${5:-$1}.log" 2>&1 &
  BROKERS+=($!); eval "${1^^}_PID=$!"
}
broker primary 61616 61617 18161   # the first fetches the distribution when it is missing
for _ in $(seq 1 180); do grep -q "AMQ221007" "$OUT/primary.log" && break; sleep 1; done   # primary active
broker backup 61617 61616 18162
for _ in $(seq 1 60); do grep -q "AMQ221024\|backup announced" "$OUT/backup.log" && break; sleep 1; done
depth() {  # messages on a queue of whichever member is active
  for port in 61616 61617; do
    "$HOME_DIR/bin/artemis" queue stat --user payhook --password "$BROKER_PASSWORD" --url "tcp://127.0.0.1:$port" \
      --queueName "$1" 2>/dev/null | awk -F'|' -v q="$1" '{ gsub(/ /, "", $2) } $2 == q { gsub(/ /, "", $5); print $5; exit }'
  done | head -1
}

# --- two gateways ---------------------------------------------------------------------------
mvn -q -B -ntp -DskipTests package
javac -d "$OUT/classes" bench/LoadGen.java bench/cluster/ClusterCheck.java
declare -A PORTS=([a]="18080 18081" [b]="18180 18181")
# the daily reconciliation fires every 4 s on both instances for the whole run (the scheduling check)
GATEWAY_DIR="$(pwd)"   # whose jar and config/ the next gateway() runs: this checkout, or UPGRADE_FROM's
gateway() {  # gateway a|b [ARGS...]: starts it and waits until it is ready
  local name="$1"; shift
  read -r public ops <<< "${PORTS[$name]}"
  (cd "$GATEWAY_DIR" && exec env SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/payhook" SPRING_DATASOURCE_USERNAME=postgres \
  ARTEMIS_URL="(tcp://127.0.0.1:61616,tcp://127.0.0.1:61617)?ha=true&reconnectAttempts=-1&retryInterval=200" \
  ARTEMIS_USER=payhook ARTEMIS_PASSWORD="$BROKER_PASSWORD" PAYHOOK_OPS_TOKEN="$TOKEN" \
  PAYHOOK_EVENT_SUBSCRIBERS=check STRIPE_WEBHOOK_SECRET="$SECRET" \
    java -Xmx${HEAP_MB}m -jar "$(gateway_jar)" --spring.profiles.active=standalone-broker \
    --server.port="$public" --payhook.ops.port="$ops" \
    --payhook.reconcile.daily-cron="*/4 * * * * *" --payhook.scheduling.clock-skew=2s "$@") \
    >> "$OUT/gateway-$name.log" 2>&1 &
  GW[$name]=$!
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$ops/actuator/health/readiness" >/dev/null && return 0; sleep 1; done
  echo "gateway $name did not become ready: $OUT/gateway-$name.log" >&2; return 1
}
send() {  # send PREFIX N [ClusterCheck options]: both instances, retried like a provider behind a load balancer
  local prefix="$1" n="$2"; shift 2
  java -cp "$OUT/classes" ClusterCheck --a http://127.0.0.1:18080 --b http://127.0.0.1:18180 \
    --api http://127.0.0.1:18081 --secret "$SECRET" --token "$TOKEN" --n "$n" --prefix "$prefix" "$@"
}
if [ -n "${UPGRADE_FROM:-}" ]; then
  # --- the upgrade run: version N-1 on both instances under load, each replaced by N in turn ---
  GATEWAY_DIR="$(base_checkout "$UPGRADE_FROM")"
  gateway a; gateway b
  echo "running $(grep -o 'Payhook [^,]*, commit [0-9a-f]*' "$OUT/gateway-a.log" | head -1 || echo "$UPGRADE_FROM") on both"
  P="up$RANDOM"; UPGRADE_N="${UPGRADE_N:-3000}"
  send "$P" "$UPGRADE_N" --copies 1 --rate 50 > "$OUT/upgrade.txt" &
  SENDER=$!
  GATEWAY_DIR="$(pwd)"
  for victim in a b; do
    await_paid "$P" $(( $(paid "$P") + 300 )) 60   # load through both before each replacement
    kill -0 "$SENDER" 2>/dev/null || echo "the load ended before instance $victim was replaced: raise UPGRADE_N" >&2
    t0=$(date +%s.%N); stop "${GW[$victim]}"; t1=$(date +%s.%N)
    gateway "$victim"; t2=$(date +%s.%N)
    echo "instance $victim: stopped in $(awk -v a="$t1" -v b="$t0" 'BEGIN { printf "%.1f", a - b }') s, the new version ready $(awk -v a="$t2" -v b="$t1" 'BEGIN { printf "%.1f", a - b }') s later: $(grep -o 'Payhook [^,]*, commit [0-9a-f]*' "$OUT/gateway-$victim.log" | tail -1)"
  done
  wait "$SENDER"
  ACKED=$(field "$OUT/upgrade.txt" acknowledged)
  await_paid "$P" "$ACKED" 300
  echo "rolling upgrade from $UPGRADE_FROM under load: events=$UPGRADE_N $(cat "$OUT/upgrade.txt") paid=$(paid "$P") acknowledged_not_applied=$((ACKED - $(paid "$P"))) double_payments=$(double_payments "$P") double_applied=$(double_applied "$P")"
  echo "logs and data: $OUT"
  exit 0
fi
gateway a
gateway b
START=$(date +%s)

# --- check: the same events three times across both instances -------------------------------
P="dup$RANDOM"
send "$P" "$N" > "$OUT/duplicates.txt"
await_paid "$P" "$N" 300
for _ in $(seq 1 60); do [ "$(sql "SELECT count(*) FROM outbox WHERE published_at IS NULL")" = "0" ] && break; sleep 1; done
echo "duplicates across instances: events=$N $(cat "$OUT/duplicates.txt") paid=$(paid "$P") double_payments=$(double_payments "$P") double_applied=$(double_applied "$P") events_published=$(depth payhook.events.check) grants_notified=$(depth payhook.notifications) (want $N each)"

# --- check: one instance killed with SIGKILL three times under load --------------------------
P="kill$RANDOM"
send "$P" "$KILL_N" --copies 1 --rate 50 > "$OUT/kills.txt" &
SENDER=$!
UNDER_LOAD=0
for victim in a b a; do
  await_paid "$P" $(( $(paid "$P") + 200 )) 30   # some load through the restarted instance first
  kill -0 "$SENDER" 2>/dev/null && UNDER_LOAD=$((UNDER_LOAD + 1))
  kill -9 "${GW[$victim]}"; wait "${GW[$victim]}" 2>/dev/null || true
  gateway "$victim"
done
wait "$SENDER"
ACKED=$(field "$OUT/kills.txt" acknowledged)
await_paid "$P" "$ACKED" 300
echo "instance killed 3 times under load: events=$KILL_N kills_while_sending=$UNDER_LOAD $(cat "$OUT/kills.txt") paid=$(paid "$P") acknowledged_not_applied=$((ACKED - $(paid "$P"))) double_payments=$(double_payments "$P") double_applied=$(double_applied "$P")"

# --- check: PostgreSQL restarted (fast shutdown, start) under load ---------------------------
P="pg$RANDOM"
DEAD_BEFORE=$(sql "SELECT count(*) FROM dead_letters")
send "$P" "$PG_N" --copies 1 --rate 100 > "$OUT/pg-restart.txt" &
SENDER=$!
await_paid "$P" 300 120
pg_ctl -m fast -w restart >/dev/null
wait "$SENDER"
await_paid "$P" "$PG_N" 300
echo "postgres restarted under load: events=$PG_N $(cat "$OUT/pg-restart.txt") provider_errors=$(field "$OUT/pg-restart.txt" retried) paid=$(paid "$P") dead_lettered=$(( $(sql "SELECT count(*) FROM dead_letters") - DEAD_BEFORE )) double_applied=$(double_applied "$P")"

# --- check: the primary broker killed under load -------------------------------------------
P="fo$RANDOM"
send "$P" "$N" --copies 1 > "$OUT/failover.txt" &
SENDER=$!
await_paid "$P" $((N / 4)) 120
kill -9 "$PRIMARY_PID"; wait "$PRIMARY_PID" 2>/dev/null || true
wait "$SENDER"
ACKED=$(field "$OUT/failover.txt" acknowledged)
await_paid "$P" "$N" 300
broker primary 61616 61617 18161 primary-restarted
for _ in $(seq 1 60); do grep -q "AMQ221024\|AMQ221007" "$OUT/primary-restarted.log" && break; sleep 1; done
sleep 10   # a failback would make it active again within seconds of its synchronisation
ROLE=$(grep -q "AMQ221007" "$OUT/primary-restarted.log" && echo "active again (failed back)" || (grep -q "AMQ221024" "$OUT/primary-restarted.log" && echo "backup" || echo "not back"))
echo "primary broker killed under load: events=$N $(cat "$OUT/failover.txt") paid=$(paid "$P") acknowledged_lost=$((ACKED - $(paid "$P"))) old_primary=$ROLE"

# --- check: a backlog with processing off --------------------------------------------------
P="bl$RANDOM"
stop "${GW[a]}"; stop "${GW[b]}"; unset 'GW[a]' 'GW[b]'
orders "$P" "$BACKLOG"
gateway a --payhook.processing.enabled=false
rss_samples "${GW[a]}" "$OUT/rss-ingest.txt" &
java -Xmx2g -cp "$OUT/classes" LoadGen --url http://127.0.0.1:18080/webhooks/stripe --secret "$SECRET" \
  --n "$BACKLOG" --c 32 --orders "$P" --label backlog > "$OUT/backlog-send.txt"
QUEUED=$(depth payhook.inbound || true)
PAGED_MB=$( (du -sm "$OUT"/primary/data/paging "$OUT"/backup/data/paging 2>/dev/null || true) | awk '$1 > m { m = $1 } END { print m + 0 }')  # each member holds a copy
stop "${GW[a]}"; unset 'GW[a]'
DRAIN_START=$(date +%s)
gateway a; rss_samples "${GW[a]}" "$OUT/rss-drain-a.txt" &
gateway b; rss_samples "${GW[b]}" "$OUT/rss-drain-b.txt" &
await_paid "$P" "$BACKLOG" 3600
DRAIN_S=$(( $(date +%s) - DRAIN_START ))
echo "backlog with processing off: $(cat "$OUT/backlog-send.txt") queued=${QUEUED:-?} paged_mb_per_member=$PAGED_MB heap_mb=$HEAP_MB rss_peak_ingest_mb=$(peak_mb "$OUT/rss-ingest.txt") rss_peak_drain_mb=$(peak_mb "$OUT/rss-drain-a.txt")/$(peak_mb "$OUT/rss-drain-b.txt") drained=$(paid "$P") drain_s=$DRAIN_S double_applied=$(double_applied "$P")"

# --- check: scheduled jobs across instances ------------------------------------------------
# the daily run fired every 4 s on both instances since they started: one run per tick, none overlapping
RUNS=$(sql "SELECT count(*) FROM reconcile_runs WHERE trigger = 'daily'")
TICKS_RUN_TWICE=$(sql "SELECT count(*) FROM (SELECT floor(extract(epoch FROM started_at) / 4) FROM reconcile_runs WHERE trigger = 'daily' GROUP BY 1 HAVING count(*) > 1) t")
# two runs of one job at once (a sweep beside a daily run is allowed: they are two jobs)
OVERLAPS=$(sql "SELECT count(*) FROM reconcile_runs a JOIN reconcile_runs b ON a.trigger = b.trigger AND a.id < b.id AND a.started_at < coalesce(b.finished_at, now()) AND b.started_at < coalesce(a.finished_at, now())")
echo "scheduled jobs across instances: daily_ticks=$(( ($(date +%s) - START) / 4 )) daily_runs=$RUNS ticks_run_twice=$TICKS_RUN_TWICE overlapping_runs_of_one_job=$OVERLAPS"
echo "logs and data: $OUT"
