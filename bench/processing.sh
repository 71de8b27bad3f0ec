#!/usr/bin/env bash
# Processing alone, one command: bench/processing.sh
# Accepts N signed Stripe payments for registered orders with processing off, restarts Payhook on the
# same data with processing on, and reports over a steady window: payments applied per second and
# CPU per payment of the JVM (ingress idle; broker and outbox worker included) and of PostgreSQL,
# and the SQL statements and commits per payment (pg_stat_statements: counts do not drift with load).
# Then, in the same run: receive -> paid latency paced at half the rate just measured, and
# PostgreSQL's own single-row commit rate (pgbench, as many clients as consumers, gateway idle).
# Ends with one line per figure: FIGURE value target ok|short.
# BASE=<commit>: that commit's jar is built too (bench/results/base-<commit>) and measured the same
# way, alternated with this checkout's ROUNDS times (default 1), each on fresh data; then the ratio
# of the two per round. Drift over the run touches both alike.
# DELIVERIES=compare: no BASE; each round measures this checkout twice, without and then with one HTTP
# endpoint of the merchant's (payhook.deliveries, bench/Receiver.java answering 200 at once), and adds
# the ratio of JVM CPU per payment over the whole backlog, from the restart until the outbox published
# everything and the endpoint took every order.paid (D1: a window would miss the work that lags),
# and, at half the rate, the p99 from publication to the endpoint's 2xx, read from the gateway's
# payhook_delivery_latency_seconds histogram (D2). DELIVERY_CONCURRENCY: the endpoint's (default 4).
# BRANCH=compare: no BASE; each round measures this checkout twice with one integrator branch
# (payhook.branches) taking every Stripe payment event, its endpoint first answering 200 at once, then
# hanging (reading each request, never answering), and adds the ratio of payments per second with
# the endpoint hanging to with it answering (B1), and both paced receive -> paid p99s (B2).
# SUBSCRIBER=compare: no BASE; each round measures this checkout twice, without and then with a route
# of the merchant's own (bench/routes/subscriber.yaml: its subscriber queue, in the JMS transaction
# Payhook gives it, each order.paid POSTed to bench/Receiver answering 200 at once), and adds the ratio
# of payments per second with the route to without (S1) and the SQL statements per payment with it
# less without (S2: the route reads no database). SUBSCRIBER_ACK=auto: the route says
# acknowledgementModeName AUTO_ACKNOWLEDGE, so Payhook leaves it without a transaction (what a
# transaction costs, against the same route without one).
# PACE: the paced phase's rate as a fraction of the rate just measured (default 0.5: half).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
N="${N:-40000}"; C="${C:-64}"; WINDOW="${WINDOW:-30}"  # WARMUP (s, default 15) before the window
PORT="${PORT:-18090}"; OPS_PORT="${OPS_PORT:-18091}"; PG_PORT="${PG_PORT:-15330}"  # below the ephemeral ports (32768-60999), which clients take
CONSUMERS="${CONSUMERS:-4}"   # payhook.processing.consumers, and pgbench's clients
ROUNDS="${ROUNDS:-1}"
OUT="$(pwd)/bench/results/processing-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT/classes"
mvn -q -B -ntp -DskipTests package
HERE="$(pwd)"
[ -n "${BASE:-}" ] && BASE_DIR="$(base_checkout "$BASE")"
javac -d "$OUT/classes" bench/LoadGen.java bench/Receiver.java
RECEIVER_PORT="${RECEIVER_PORT:-18095}"
DELIVER_ARGS=()  # set by a measurement with deliveries
SECRET="whsec_bench_$RANDOM$RANDOM"
PID=""
# errexit holds in a trap too: every status here is ignored, or the broker would outlive the run
RECEIVER_PID=""; BRANCH_PID=""
trap '[ -n "$PID" ] && kill $PID 2>/dev/null; wait $PID 2>/dev/null || true; [ -n "$RECEIVER_PID" ] && kill $RECEIVER_PID 2>/dev/null
  [ -n "$BRANCH_PID" ] && kill $BRANCH_PID 2>/dev/null; broker_stop; wait 2>/dev/null || true' EXIT
start() {  # start PROCESSING_ENABLED: the jar of $DIR on $RUN's data; sets PID and STARTUP_S (launch to healthy)
  local t0; t0=$(date +%s.%N)
  (cd "$DIR" && exec java @"$HERE/config/jvm.options" ${PAYHOOK_JAVA_OPTS:-} -jar "$(gateway_jar)" \
    --server.port="$PORT" --payhook.ops.port="$OPS_PORT" \
    --payhook.embedded-postgres.data-dir="$RUN/data/postgres" --payhook.embedded-postgres.port="$PG_PORT" \
    --spring.artemis.embedded.data-directory="$RUN/data/artemis" --payhook.providers.stripe.secrets[0]="$SECRET" \
    --payhook.processing.consumers="$CONSUMERS" --payhook.processing.enabled="$1" "${BROKER_ARGS[@]}" \
    "${DELIVER_ARGS[@]}" ${PAYHOOK_ARGS:-} \
    > "$RUN/payhook-$1.log" 2>&1) &
  PID=$!
  for _ in $(seq 1 600); do
    if curl -sf "http://127.0.0.1:$OPS_PORT/actuator/health" >/dev/null; then
      STARTUP_S=$(awk -v a="$(date +%s.%N)" -v b="$t0" 'BEGIN { printf "%.1f", a - b }'); return 0
    fi
    sleep 0.1
  done
  echo "Payhook did not start, see $RUN" >&2; exit 1
}
WHOLE_MS=""  # set by measure
pg_cpu() { local t=0 p; for p in $(pgrep -x postgres); do t=$((t + $(cpu "$p"))); done; echo "$t"; }
threads() {  # threads PID: "name ticks" per thread, the name as the kernel keeps it (15 characters)
  local t; for t in /proc/"$1"/task/*; do
    printf '%s %s\n' "$(tr ' ' '_' < "$t/comm" 2>/dev/null)" "$(awk '{print $14 + $15}' "$t/stat" 2>/dev/null || echo 0)"
  done
}
thread_split() {  # thread_split BEFORE AFTER PAYMENTS: the JVM's CPU per payment by kind of thread
  awk -v n="$3" -v hz="$(getconf CLK_TCK)" 'FNR == NR { before[$1] += $2; next } { after[$1] += $2 }
    END { for (k in after) { d = after[k] - before[k]; g = k
            if (k ~ /^Camel/) g = "camel (consumers)"; else if (k ~ /^(GC_|G1_)/) g = "gc"; else if (k ~ /^C[12]_Comp/) g = "jit"
            else if (k ~ /^(Thread-|activemq|Activ)/) g = "broker"; else if (k ~ /^(scheduling|payhook-outbox)/) g = "outbox"; else g = "other"
            sum[g] += d }
          for (g in sum) printf "  %-20s %.2f ms\n", g, sum[g] * 1000 / hz / n }' "$1" "$2" | sort -k2 -t' ' -rn
}
applied() { sql "SELECT count(*) FROM receipts WHERE outcome <> 'received'"; }

measure() {  # measure NAME DIR: one whole measurement of the jar built in DIR, under $OUT/NAME; sets JVM_MS
  local name=$1; DIR=$2; RUN="$OUT/$name"; mkdir -p "$RUN"
  echo "== $name ($(cd "$DIR" && git rev-parse --short HEAD)$(cd "$DIR" && git diff --quiet HEAD || echo ', uncommitted changes'))"
  broker_start "$RUN/artemis"  # one broker for both gateways: the second drains what the first accepted
  start false
  local prefix="proc$RANDOM$RANDOM"
  orders "$prefix" "$N"
  # exactly N distinct events (LoadGen registers no order without --token: they are in the table)
  java -cp "$OUT/classes" LoadGen --url "http://127.0.0.1:$PORT/webhooks/stripe" --secret "$SECRET" --c "$C" --n "$N" \
    --orders "$prefix" --label preload
  sql "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'"  # this run's own data directory
  # receive -> paid ends at the commit: a batch's now() is its start, so updated_at would end too early
  sql "ALTER SYSTEM SET track_commit_timestamp = on"
  kill $PID; wait $PID 2>/dev/null || true; PID=""

  start true
  local whole0; whole0=$(cpu $PID)
  rss_samples "$PID" "$RUN/rss.txt" &
  sleep "${WARMUP:-15}"  # JIT warm-up on the backlog
  sql "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"
  commits() { sql "SELECT xact_commit FROM pg_stat_database WHERE datname = 'payhook'"; }
  sql "SELECT pg_stat_statements_reset()" >/dev/null
  local own="pg_stat|FROM receipts WHERE outcome <>"  # this script's own queries, not Payhook's
  local x0 n0 j0 p0 b0 t0 x1 n1 j1 p1 b1 t1 statements
  threads $PID > "$RUN/threads-0.txt"
  local d0=0 d1=0
  [ -n "$RECEIVER_PID" ] && d0=$(delivered)
  x0=$(commits); n0=$(applied); j0=$(cpu $PID); p0=$(pg_cpu); b0=$(cpu "${BROKER_PID:-0}"); t0=$(date +%s.%N)
  sleep "$WINDOW"
  n1=$(applied); x1=$(commits); j1=$(cpu $PID); p1=$(pg_cpu); b1=$(cpu "${BROKER_PID:-0}"); t1=$(date +%s.%N)
  [ -n "$RECEIVER_PID" ] && d1=$(delivered)
  threads $PID > "$RUN/threads-1.txt"
  # per delivery: every delivery inserts one receipt row, so that statement's calls count them
  statements=$(sql "SELECT round(sum(calls)::numeric / max(calls) FILTER (WHERE query ~ '^\s*INSERT INTO receipts '), 1)
    FROM pg_stat_statements WHERE query !~* '^(BEGIN|COMMIT|ROLLBACK)' AND query !~ '$own'")
  local tick; tick=$(getconf CLK_TCK)
  read -r RATE JVM_MS PG_MS COMMITS <<< "$(awk -v n=$((n1 - n0)) -v j=$((j1 - j0)) -v p=$((p1 - p0)) -v x=$((x1 - x0)) \
    -v t0="$t0" -v t1="$t1" -v hz="$tick" 'BEGIN {
    printf "%.1f %.2f %.2f %.2f", n / (t1 - t0), j * 1000 / hz / n, p * 1000 / hz / n, x / n }')"
  echo "processing alone, $(nproc) cores, $BROKER broker: $((n1 - n0)) payments in $WINDOW s = $RATE/s; CPU per payment: JVM $JVM_MS ms, PostgreSQL $PG_MS ms"
  echo "JVM CPU per payment by thread:"; thread_split "$RUN/threads-0.txt" "$RUN/threads-1.txt" $((n1 - n0))
  [ -n "$BROKER_PID" ] && awk -v b=$((b1 - b0)) -v n=$((n1 - n0)) -v hz="$tick" \
    'BEGIN { printf "standalone broker CPU per payment: %.2f ms (not in the JVM figure)\n", b * 1000 / hz / n }'
  # D1 counts the deliveries' CPU only if they kept up: each payment here is one order.paid for the endpoint
  [ -n "$RECEIVER_PID" ] && echo "delivered in the window: $((d1 - d0)) order.paid for $((n1 - n0)) payments"
  STATEMENTS=$statements
  echo "per payment: $statements SQL statements (BEGIN/COMMIT not counted), $COMMITS committed transactions"
  sql "SELECT calls, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) FROM pg_stat_statements
       WHERE query !~ '$own' ORDER BY calls DESC" > "$RUN/statements.txt"
  for _ in $(seq 1 1200); do [ "$(applied)" -ge "$N" ] && break; sleep 0.5; done
  # the whole backlog's cost, JIT warm-up included: until the outbox published everything and, with
  # deliveries, the endpoint took every order.paid; the paced phase then starts with nothing waiting
  local waited=0
  while [ "$(sql "SELECT count(*) FROM outbox WHERE published_at IS NULL")" != 0 ] \
    || { [ -n "$RECEIVER_PID" ] && [ "$(delivered)" -lt "$N" ]; }; do
    [ $waited -ge 2400 ] && { echo "the backlog was not through 20 minutes after it was applied" >&2; exit 1; }
    sleep 0.5; waited=$((waited + 1))
  done
  WHOLE_MS=$(awk -v j=$(($(cpu $PID) - whole0)) -v n="$N" -v hz="$tick" 'BEGIN { printf "%.2f", j * 1000 / hz / n }')
  echo "the whole backlog: JVM CPU $WHOLE_MS ms per payment, until everything was published$([ -n "$RECEIVER_PID" ] \
    && echo " and delivered"), $((waited / 2)) s after the last payment was applied"

  # receive -> paid, paced at half the rate just measured for 25 s, the backlog drained; the first 5 s
  # are not measured: neither this gateway JVM (restarted) nor the load generator's has compiled its
  # code yet, and on 2 cores the generator's compilation alone holds processing back for seconds
  local pace paced latency paid_p99 pgbench pg_tps=""
  pace=$(awk -v r="$RATE" -v f="${PACE:-0.5}" 'BEGIN { printf "%d", r * f }')
  paced="paced$RANDOM"
  orders "$paced" $((pace * 25))
  java -cp "$OUT/classes" LoadGen --url "http://127.0.0.1:$PORT/webhooks/stripe" --secret "$SECRET" --c 16 \
    --n $((pace * 25)) --rate "$pace" --orders "$paced" --label "paced-$paced" &
  local generator=$!
  # D2, like T4, leaves out the first 5 s, while the generator's JVM compiles its code
  sleep 5; [ -n "$RECEIVER_PID" ] && delivery_buckets > "$RUN/delivery-0.txt"
  wait $generator
  for _ in $(seq 1 600); do
    [ "$(sql "SELECT count(*) FROM orders WHERE order_id LIKE '$paced-%' AND status = 'paid'")" -ge $((pace * 25)) ] && break
    sleep 0.5
  done
  latency="SELECT extract(epoch FROM pg_xact_commit_timestamp(o.xmin) - r.received_at) * 1000 AS ms, date_trunc('second', r.received_at) AS s
    FROM orders o JOIN receipts r ON r.order_id = o.order_id WHERE o.order_id LIKE '$paced-%' AND o.status = 'paid'
    AND r.received_at >= (SELECT min(received_at) + interval '5 seconds' FROM receipts WHERE order_id LIKE '$paced-%')"
  paid_p99=$(sql "SELECT round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)::numeric, 1) FROM ($latency) t")
  PAID_P99=$paid_p99
  echo "receive -> order paid at $pace/s, after the first 5 s: $(sql "SELECT 'p50 ' || round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 1)
    || ' p90 ' || round(percentile_cont(0.9) WITHIN GROUP (ORDER BY ms)::numeric, 1) || ' p99 $paid_p99 max '
    || round(max(ms)::numeric, 1) || ' ms' FROM ($latency) t")"
  echo "  slowest seconds (received at, count, worst ms): $(sql "SELECT string_agg(to_char(s, 'HH24:MI:SS') || ' ' || n || ' ' || w, ', ')
    FROM (SELECT s, count(*) n, round(max(ms)::numeric) w FROM ($latency) t GROUP BY s ORDER BY max(ms) DESC LIMIT 5) x")"

  # PostgreSQL's own rate of single-row commits on the same server, as many clients as consumers
  pgbench="$(command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | sort -V | tail -1 || true)"
  if [ -n "$pgbench" ]; then
    sql "CREATE TABLE IF NOT EXISTS bench_commit (id BIGSERIAL PRIMARY KEY, v BIGINT NOT NULL)"
    printf '\\set v random(1, 1000000000)\nINSERT INTO bench_commit (v) VALUES (:v);\n' > "$RUN/commit.sql"
    pg_tps=$("$pgbench" -n -h 127.0.0.1 -p "$PG_PORT" -U postgres -c "$CONSUMERS" -j 2 -T 10 -f "$RUN/commit.sql" payhook \
      | awk '/^tps/ { print $3; exit }')
    echo "PostgreSQL single-row commits, $CONSUMERS clients: $pg_tps/s"
  else
    echo "pgbench not found (Debian: postgresql): T1 not measured"
  fi
  DELIVERED_P99=""
  if [ -n "$RECEIVER_PID" ]; then
    delivery_buckets > "$RUN/delivery-1.txt"
    # published -> 2xx over the paced phase after its first 5 s, from the gateway's histogram: the smallest bucket bound
    # holding 99 % of the deliveries
    DELIVERED_P99=$(awk 'FNR == NR { before[$1] = $2; next } { print $1, $2 - before[$1] }' \
      "$RUN/delivery-0.txt" "$RUN/delivery-1.txt" | sort -g -k1,1 \
      | awk '{ le[NR] = $1; n[NR] = $2 } END { for (i = 1; i <= NR; i++) if (n[i] >= 0.99 * n[NR]) { printf "%.0f", le[i] * 1000; exit } }')
    echo "published -> 2xx at $pace/s (gateway histogram): p99 <= $DELIVERED_P99 ms"
    # the paced orders' deliveries, after the first 5 s, as the receiver timed them
    local first; first=$(awk -v p="$paced-" 'index($1, p) == 1 { n++ } END { print int(n * 0.2) }' "$RUN/received.txt")
    echo "change -> arrival at the receiver at $pace/s, after the first 5 s: p99 $(awk -v p="$paced-" -v skip="$first" \
      'index($1, p) == 1 && ++n > skip { print $2 }' "$RUN/received.txt" | sort -n \
      | awk '{ v[NR] = $1 } END { i = int(NR * 0.99); if (i < 1) i = 1; if (NR) print v[i] }') ms (the outbox's poll included)"
  fi
  echo "applied so far: $(sql "SELECT count(*) FILTER (WHERE outcome = 'applied') || ' of ' || count(*) FROM receipts")"
  kill $PID; wait $PID 2>/dev/null || true; PID=""; broker_stop

  figure T1_payments_per_pg_commit "$( [ -n "$pg_tps" ] && awk -v r="$RATE" -v p="$pg_tps" 'BEGIN { printf "%.2f", r / p }')" ">=0.3"
  figure T2_statements_per_payment "$statements" "<=10"
  figure T2_commits_per_payment "$COMMITS" "<=1"
  figure T3_jvm_cpu_ms_per_payment "$JVM_MS" "<=1.5"
  figure T4_paid_p99_ms_at_half_rate "$paid_p99" "<=250"
  figure M1_peak_rss_mb "$(peak_mb "$RUN/rss.txt")" "<=640"
  figure M1_start_to_healthy_s "$STARTUP_S" "<=10"
}

TOKEN="bench-$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
deliveries_on() {  # a receiver for this measurement's deliveries, and the gateway's endpoint for it
  java -cp "$OUT/classes" Receiver "$RECEIVER_PORT" "$1/received.txt" & RECEIVER_PID=$!
  DELIVER_ARGS=(--payhook.ops.token="$TOKEN" --payhook.deliveries.bench.url="http://127.0.0.1:$RECEIVER_PORT/payhook"
    --payhook.deliveries.bench.allow-insecure=true --payhook.deliveries.bench.secrets[0]="whsec_YmVuY2gtcmVjZWl2ZXIta2V5"
    --payhook.deliveries.bench.concurrency="${DELIVERY_CONCURRENCY:-4}")
}
delivered() {  # 2xx the bench endpoint got so far
  curl -sf -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$OPS_PORT/actuator/prometheus" \
    | awk '/^payhook_delivery_latency_seconds_count/ && /endpoint="bench"/ { printf "%d", $2 }'
}
delivery_buckets() {  # "le count" of the bench endpoint's published -> 2xx histogram, now
  curl -sf -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$OPS_PORT/actuator/prometheus" \
    | awk -F'[{}]' '/^payhook_delivery_latency_seconds_bucket/ && /endpoint="bench"/ {
        match($2, /le="[^"]*"/); le = substr($2, RSTART + 4, RLENGTH - 5); split($3, v, " "); print le, v[1] }'
}
deliveries_off() { [ -n "$RECEIVER_PID" ] && kill "$RECEIVER_PID"; RECEIVER_PID=""; DELIVER_ARGS=(); }
branch_on() {  # branch_on DIR [hang]: an integrator's endpoint, and a branch sending it every Stripe payment event
  java -cp "$OUT/classes" Receiver "$RECEIVER_PORT" "$1/received.txt" ${2:-} & BRANCH_PID=$!
  DELIVER_ARGS=(--payhook.branches.bench.to="http://127.0.0.1:$RECEIVER_PORT/branch?responseTimeout=600000"
    --payhook.branches.bench.events[0]="stripe:payment_intent.*" --payhook.branches.bench.concurrency=4
    --payhook.branches.bench.secrets="whsec_$(head -c 32 /dev/urandom | base64 | tr -d '\n')")
}
branch_off() { kill "$BRANCH_PID"; wait "$BRANCH_PID" 2>/dev/null || true; BRANCH_PID=""; DELIVER_ARGS=(); }
subscriber_on() {  # subscriber_on DIR: bench/Receiver, and the route of our own that POSTs it each order.paid
  java -cp "$OUT/classes" Receiver "$RECEIVER_PORT" "$1/received.txt" & BRANCH_PID=$!
  mkdir -p "$1/routes"; cp bench/routes/subscriber.yaml "$1/routes/"
  if [ "${SUBSCRIBER_ACK:-}" = auto ]; then
    sed -i 's/^        concurrentConsumers: 4$/        concurrentConsumers: 4\n        acknowledgementModeName: AUTO_ACKNOWLEDGE/' "$1/routes/subscriber.yaml"
    grep -q AUTO_ACKNOWLEDGE "$1/routes/subscriber.yaml" || { echo "could not make the route untransacted" >&2; exit 1; }
  fi
  DELIVER_ARGS=(--payhook.routes.dir="$1/routes" --bench.receiver="http://127.0.0.1:$RECEIVER_PORT/route")
}

RATIOS=()
for round in $(seq 1 "$ROUNDS"); do
  if [ "${BRANCH:-}" = compare ]; then
    mkdir -p "$OUT/branch-answers-$round"; branch_on "$OUT/branch-answers-$round"
    measure "branch-answers-$round" "$HERE"; ANSWERS_RATE=$RATE; ANSWERS_P99=$PAID_P99; branch_off
    mkdir -p "$OUT/branch-hangs-$round"; branch_on "$OUT/branch-hangs-$round" hang
    measure "branch-hangs-$round" "$HERE"; branch_off
    echo "round $round: payments per second $RATE with the branch's endpoint hanging, $ANSWERS_RATE with it answering;" \
      "paced receive -> paid p99 $PAID_P99 ms hanging, $ANSWERS_P99 ms answering"
    figure "B1_payments_per_s_branch_hanging_vs_answering_round_$round" \
      "$(awk -v h="$RATE" -v a="$ANSWERS_RATE" 'BEGIN { printf "%.2f", h / a }')" ">=0.9"
    figure "B2_paid_p99_ms_branch_hanging_round_$round" "$PAID_P99" "<=250"
  elif [ "${SUBSCRIBER:-}" = compare ]; then
    measure "plain-$round" "$HERE"; PLAIN_RATE=$RATE; PLAIN_STATEMENTS=$STATEMENTS
    mkdir -p "$OUT/subscriber-$round"; subscriber_on "$OUT/subscriber-$round"
    measure "subscriber-$round" "$HERE"; branch_off
    echo "round $round: payments per second $RATE with the route of our own, $PLAIN_RATE without;" \
      "SQL statements per payment $STATEMENTS with it, $PLAIN_STATEMENTS without;" \
      "order.paid the route POSTed: $(wc -l < "$OUT/subscriber-$round/received.txt")"
    figure "S1_payments_per_s_with_route_vs_without_round_$round" \
      "$(awk -v w="$RATE" -v p="$PLAIN_RATE" 'BEGIN { printf "%.2f", w / p }')" ">=0.9"
    figure "S2_statements_per_payment_with_route_less_without_round_$round" \
      "$(awk -v w="$STATEMENTS" -v p="$PLAIN_STATEMENTS" 'BEGIN { printf "%.1f", w - p }')" "<=0"
  elif [ "${DELIVERIES:-}" = compare ]; then
    measure "plain-$round" "$HERE"; PLAIN_MS=$WHOLE_MS
    mkdir -p "$OUT/deliver-$round"; deliveries_on "$OUT/deliver-$round"
    measure "deliver-$round" "$HERE"; deliveries_off
    RATIOS+=("$(awk -v h="$WHOLE_MS" -v b="$PLAIN_MS" 'BEGIN { printf "%.2f", h / b }')")
    echo "round $round: JVM CPU per payment over the whole backlog $WHOLE_MS ms delivering, $PLAIN_MS ms without"
    figure "D1_jvm_cpu_delivering_vs_not_round_$round" "${RATIOS[-1]}" "<=1.10"
    figure "D2_published_to_2xx_p99_ms_round_$round" "$DELIVERED_P99" "<=100"
  elif [ -n "${BASE:-}" ]; then
    measure "base-$round" "$BASE_DIR"; BASE_MS=$JVM_MS
    measure "head-$round" "$HERE"
    RATIOS+=("$(awk -v h="$JVM_MS" -v b="$BASE_MS" 'BEGIN { printf "%.2f", h / b }')")
    echo "round $round: JVM CPU per payment $JVM_MS ms here, $BASE_MS ms at $BASE"
  else
    measure "run-$round" "$HERE"
  fi
done
echo "results in $OUT"
if [ -n "${BASE:-}" ]; then
  for i in "${!RATIOS[@]}"; do
    figure "T3_jvm_cpu_per_payment_vs_base_round_$((i + 1))" "${RATIOS[$i]}" "<=0.6"
  done
fi
