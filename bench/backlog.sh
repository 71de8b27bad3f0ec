#!/usr/bin/env bash
# How late the merchant hears of payments through a backlog: bench/backlog.sh [N]
# Accepts N signed Stripe payments for registered orders with processing off, restarts Payhook on the
# same data with processing on and one HTTP endpoint (bench/Receiver.java answering 200 at once), and
# prints every 4 s what is applied, waiting in the outbox, published and delivered. Ends with the time
# from each order's change to its arrival at the endpoint (p50, p90, p99, max), when everything was
# applied and when everything was delivered. WORKERS: payhook.outbox.workers (default: the gateway's);
# DELIVERY_CONCURRENCY: the endpoint's (default 4).
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-30000}"
PORT="${PORT:-18090}"; OPS_PORT="${OPS_PORT:-18091}"; PG_PORT="${PG_PORT:-15330}"; RECEIVER_PORT="${RECEIVER_PORT:-18095}"
OUT="$(pwd)/bench/results/backlog-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT/classes"
mvn -q -B -ntp -DskipTests package
javac -d "$OUT/classes" bench/LoadGen.java bench/Receiver.java
SECRET="whsec_bench_$RANDOM$RANDOM"
TOKEN="bench-$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
PID=""; RECEIVER_PID=""
trap '[ -n "$PID" ] && kill $PID 2>/dev/null; [ -n "$RECEIVER_PID" ] && kill $RECEIVER_PID 2>/dev/null; wait 2>/dev/null || true' EXIT
java -cp "$OUT/classes" Receiver "$RECEIVER_PORT" "$OUT/received.txt" & RECEIVER_PID=$!
start() {  # start PROCESSING_ENABLED
  java @config/jvm.options -jar target/payhook.jar \
    --server.port="$PORT" --payhook.ops.port="$OPS_PORT" --payhook.ops.token="$TOKEN" \
    --payhook.embedded-postgres.data-dir="$OUT/data/postgres" --payhook.embedded-postgres.port="$PG_PORT" \
    --spring.artemis.embedded.data-directory="$OUT/data/artemis" --payhook.providers.stripe.secrets[0]="$SECRET" \
    --payhook.processing.enabled="$1" ${WORKERS:+--payhook.outbox.workers=$WORKERS} \
    --payhook.deliveries.bench.url="http://127.0.0.1:$RECEIVER_PORT/payhook" --payhook.deliveries.bench.allow-insecure=true \
    --payhook.deliveries.bench.secrets[0]="whsec_YmVuY2gtcmVjZWl2ZXIta2V5" \
    --payhook.deliveries.bench.concurrency="${DELIVERY_CONCURRENCY:-4}" > "$OUT/payhook-$1.log" 2>&1 &
  PID=$!
  for _ in $(seq 1 600); do
    curl -sf "http://127.0.0.1:$OPS_PORT/actuator/health" >/dev/null && return 0
    sleep 0.1
  done
  echo "Payhook did not start, see $OUT" >&2; exit 1
}
sql() { psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d payhook -Atq -c "$1"; }
delivered() { wc -l < "$OUT/received.txt"; }

start false
sql "INSERT INTO orders (order_id, amount_minor, currency, sku, customer_id)
     SELECT 'backlog-' || i, 1050, 'USD', 'bench', 'c' FROM generate_series(0, $N - 1) i"
java -cp "$OUT/classes" LoadGen --url "http://127.0.0.1:$PORT/webhooks/stripe" --secret "$SECRET" --c 64 --n "$N" \
  --orders backlog --label preload
kill $PID; wait $PID 2>/dev/null || true

start true
t0=$(date +%s); applied_at=""; delivered_at=""
while [ -z "$delivered_at" ] && [ $(($(date +%s) - t0)) -lt 1200 ]; do
  applied=$(sql "SELECT count(*) FROM receipts WHERE outcome <> 'received'")
  echo "$(($(date +%s) - t0)) s: applied $applied, outbox waiting $(sql "SELECT count(*) FROM outbox WHERE published_at IS NULL"), published $(sql "SELECT count(*) FROM outbox WHERE published_at IS NOT NULL"), delivered $(delivered)"
  [ -z "$applied_at" ] && [ "$applied" -ge "$N" ] && applied_at=$(($(date +%s) - t0))
  [ "$(delivered)" -ge "$N" ] && delivered_at=$(($(date +%s) - t0))
  sleep 4
done
echo "all applied after ${applied_at:-?} s, all delivered after ${delivered_at:-?} s"
awk '{ print $2 }' "$OUT/received.txt" | sort -n | awk '{ v[NR] = $1 } END {
  printf "change -> endpoint: n %d, p50 %d ms, p90 %d ms, p99 %d ms, max %d ms\n", NR, v[int(NR * .5)], v[int(NR * .9)], v[int(NR * .99)], v[NR] }'
echo "results in $OUT"
