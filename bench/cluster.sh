#!/usr/bin/env bash
# Production topology on this machine, and the checks run against it (README, "Production"):
# a standalone PostgreSQL (Debian's server binaries; installed when missing), an Artemis replication
# pair from broker/broker.xml (primary 61616, backup 61617; bench/cluster/ha-broker.py adds the HA
# settings), and two Payhook instances sharing both. Prints one summary line per check.
#   bench/cluster.sh            N=1000 events by default
set -euo pipefail
cd "$(dirname "$0")/.."
N="${N:-1000}"
PG_PORT="${PG_PORT:-55432}"
VERSION="${ARTEMIS_VERSION:-2.40.0}"
OUT="$(pwd)/bench/results/cluster-$(date -u +%Y%m%dT%H%M%SZ)"
SECRET="whsec_cluster_$RANDOM$RANDOM"; TOKEN="cluster-$RANDOM$RANDOM"; BROKER_PASSWORD="broker-$RANDOM$RANDOM"
PIDS=()
mkdir -p "$OUT/classes"
cleanup() {  # the gateways first (they stop in order while their broker is there), then the brokers
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
    kill "${PIDS[i]}" 2>/dev/null || true
    timeout 60 tail --pid="${PIDS[i]}" -f /dev/null || kill -9 "${PIDS[i]}" 2>/dev/null || true
  done
  [ -d "$OUT/pg" ] && runuser -u postgres -- "$PGBIN/pg_ctl" -D "$OUT/pg" -m fast stop >/dev/null 2>&1 || true
}
trap cleanup EXIT

# --- PostgreSQL -----------------------------------------------------------------------------
PGBIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
if [ -z "$PGBIN" ]; then
  apt-get install -y -q postgresql >/dev/null
  PGBIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
fi
mkdir -p "$OUT/pg" && chown postgres "$OUT" "$OUT/pg"
runuser -u postgres -- "$PGBIN/initdb" -D "$OUT/pg" -U postgres --auth=trust >/dev/null
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$OUT/pg" -l "$OUT/pg.log" -o "-p $PG_PORT -k $OUT -c listen_addresses=127.0.0.1" -w start >/dev/null
runuser -u postgres -- "$PGBIN/createdb" -h 127.0.0.1 -p "$PG_PORT" payhook
sql() { runuser -u postgres -- "$PGBIN/psql" -h 127.0.0.1 -p "$PG_PORT" -d payhook -Atq -c "$1"; }

# --- Artemis replication pair ---------------------------------------------------------------
HOME_DIR="broker/dist/apache-artemis-$VERSION"
if [ ! -x "$HOME_DIR/bin/artemis" ]; then
  mkdir -p broker/dist
  mvn -q dependency:copy -Dartifact="org.apache.activemq:apache-artemis:$VERSION:tar.gz:bin" -DoutputDirectory=broker/dist
  tar -xzf "broker/dist/apache-artemis-$VERSION-bin.tar.gz" -C broker/dist
fi
broker() {  # broker NAME ROLE OWN_PORT OTHER_PORT
  "$HOME_DIR/bin/artemis" create "$OUT/$1" --host 127.0.0.1 --user payhook --password "$BROKER_PASSWORD" \
    --role payhook --require-login --silent --no-web --no-autotune >/dev/null
  python3 bench/cluster/ha-broker.py "$2" "$3" "$4" "$BROKER_PASSWORD" < broker/broker.xml > "$OUT/$1/etc/broker.xml"
  "$OUT/$1/bin/artemis" run > "$OUT/$1.log" 2>&1 &
  PIDS+=($!); eval "${1^^}_PID=$!"
}
broker primary primary 61616 61617
broker backup backup 61617 61616
for _ in $(seq 1 60); do grep -q "AMQ221007" "$OUT/primary.log" && break; sleep 1; done   # primary active
for _ in $(seq 1 60); do grep -q "AMQ221024\|backup announced" "$OUT/backup.log" && break; sleep 1; done

# --- two gateways ---------------------------------------------------------------------------
mvn -q -B -ntp -DskipTests package
javac -d "$OUT/classes" bench/LoadGen.java bench/cluster/ClusterCheck.java
gateway() {  # gateway NAME PUBLIC_PORT OPS_PORT
  SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/payhook" SPRING_DATASOURCE_USERNAME=postgres \
  ARTEMIS_URL="(tcp://127.0.0.1:61616,tcp://127.0.0.1:61617)?ha=true&reconnectAttempts=-1&retryInterval=200" \
  ARTEMIS_USER=payhook ARTEMIS_PASSWORD="$BROKER_PASSWORD" PAYHOOK_OPS_TOKEN="$TOKEN" \
  PAYHOOK_EVENT_SUBSCRIBERS=check STRIPE_WEBHOOK_SECRET="$SECRET" \
    java -Xmx512m -jar target/payhook-0.1.0-SNAPSHOT.jar --spring.profiles.active=standalone-broker \
    --server.port="$2" --payhook.ops.port="$3" > "$OUT/$1.log" 2>&1 &
  PIDS+=($!)
}
gateway gateway-a 18080 18081
gateway gateway-b 18180 18181
for port in 18081 18181; do
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/actuator/health/readiness" >/dev/null && break; sleep 1; done
done

# --- check: the same events three times across both instances -------------------------------
PREFIX="dup$RANDOM"
SENT=$(java -cp "$OUT/classes" ClusterCheck --a http://127.0.0.1:18080 --b http://127.0.0.1:18180 \
  --api http://127.0.0.1:18081 --secret "$SECRET" --token "$TOKEN" --n "$N" --prefix "$PREFIX")
for _ in $(seq 1 300); do
  [ "$(sql "SELECT count(*) FROM orders WHERE order_id LIKE '$PREFIX-%' AND status = 'paid'")" = "$N" ] && break; sleep 1
done
for _ in $(seq 1 60); do
  [ "$(sql "SELECT count(*) FROM outbox WHERE published_at IS NULL")" = "0" ] && break; sleep 1
done
PAID=$(sql "SELECT count(*) FROM orders WHERE order_id LIKE '$PREFIX-%' AND status = 'paid'")
DOUBLE_PAYMENTS=$(sql "SELECT count(*) FROM (SELECT order_id FROM payments WHERE order_id LIKE '$PREFIX-%' GROUP BY order_id HAVING count(*) > 1) d")
DOUBLE_APPLIED=$(sql "SELECT count(*) FROM (SELECT event_id FROM receipt_events WHERE event_id LIKE 'evt_${PREFIX}_%' AND outcome = 'applied' GROUP BY event_id HAVING count(*) > 1) d")
depth() {  # messages on a queue of the primary: the fresh broker has only this run's
  "$OUT/primary/bin/artemis" queue stat --user payhook --password "$BROKER_PASSWORD" --url tcp://127.0.0.1:61616 \
    --queueName "$1" 2>/dev/null | awk -F'|' -v q="$1" '{ gsub(/ /, "", $2) } $2 == q { gsub(/ /, "", $5); print $5 }'
}
PUBLISHED=$(depth payhook.events.check)    # one normalized event per event id
GRANTS=$(depth payhook.notifications)      # one receipt (the entitlement granted) per order
echo "duplicates across instances: events=$N $SENT paid=$PAID double_payments=$DOUBLE_PAYMENTS double_applied=$DOUBLE_APPLIED events_published=${PUBLISHED:-?} grants_notified=${GRANTS:-?} (want $N each)"
# --- check: the primary broker killed under load -------------------------------------------
PREFIX="fo$RANDOM"
java -cp "$OUT/classes" ClusterCheck --a http://127.0.0.1:18080 --b http://127.0.0.1:18180 --api http://127.0.0.1:18081 \
  --secret "$SECRET" --token "$TOKEN" --n "$N" --prefix "$PREFIX" --copies 1 > "$OUT/failover.txt" &
SENDER=$!
for _ in $(seq 1 120); do
  [ "$(sql "SELECT count(*) FROM orders WHERE order_id LIKE '$PREFIX-%' AND status = 'paid'")" -ge $((N / 4)) ] && break; sleep 0.5
done
kill -9 "$PRIMARY_PID"
wait "$SENDER" || true
for _ in $(seq 1 300); do
  [ "$(sql "SELECT count(*) FROM orders WHERE order_id LIKE '$PREFIX-%' AND status = 'paid'")" = "$N" ] && break; sleep 1
done
PAID=$(sql "SELECT count(*) FROM orders WHERE order_id LIKE '$PREFIX-%' AND status = 'paid'")
ACKED=$(awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^acknowledged=/) { sub(/acknowledged=/, "", $i); print $i } }' "$OUT/failover.txt")
"$OUT/primary/bin/artemis" run > "$OUT/primary-restarted.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 60); do grep -q "AMQ221024\|AMQ221007" "$OUT/primary-restarted.log" && break; sleep 1; done
ROLE=$(grep -q "AMQ221007" "$OUT/primary-restarted.log" && echo "active again (failed back)" || (grep -q "AMQ221024" "$OUT/primary-restarted.log" && echo "backup" || echo "not back"))
echo "primary broker killed under load: events=$N $(cat "$OUT/failover.txt") paid=$PAID acknowledged_lost=$((ACKED - PAID)) old_primary=$ROLE"
echo "logs and data: $OUT"
