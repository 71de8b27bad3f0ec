#!/usr/bin/env bash
# Payhook benchmark, one command: bench/run.sh
# Builds the jar, starts Payhook (embedded broker and database, fresh data) with the no-op route,
# then measures in one run: the no-op ceiling, durable signed ingest, and receive -> order paid
# latency at a paced rate. Prints the ratio signed/no-op. Results and logs under bench/results/.
set -euo pipefail
cd "$(dirname "$0")/.."
N="${N:-20000}"          # events per measured phase
C="${C:-64}"             # concurrent keep-alive connections
RATE="${RATE:-1000}"     # paced rate for the first latency phase (events/s, N events)
SUSTAINED="${SUSTAINED:-100}"  # a rate processing keeps up with on 2 cores, for 20 s
PORT="${PORT:-18080}"
PG_PORT="${PG_PORT:-54329}"
# PAYHOOK_ARGS: extra --name=value settings for the gateway under test (e.g. --payhook.processing.consumers=16)
OUT="bench/results/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT/classes"

mvn -q -B -ntp -DskipTests package
javac -d "$OUT/classes" bench/LoadGen.java
SECRET="whsec_bench_$RANDOM$RANDOM"
TOKEN="bench-token-$RANDOM"
java ${PAYHOOK_JAVA_OPTS:-} -jar target/payhook-0.1.0-SNAPSHOT.jar \
  --server.port="$PORT" \
  --payhook.embedded-postgres.data-dir="$OUT/data/postgres" --payhook.embedded-postgres.port="$PG_PORT" \
  --spring.artemis.embedded.data-directory="$OUT/data/artemis" \
  --payhook.ops.token="$TOKEN" --payhook.providers.stripe.secrets[0]="$SECRET" \
  --camel.main.routes-include-pattern='file:routes/templates/*.yaml,file:routes/providers/*.yaml,file:routes/processing.yaml,file:routes/bench/*.yaml' \
  ${PAYHOOK_ARGS:-} > "$OUT/payhook.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$PORT/actuator/health" >/dev/null && break
  sleep 1
done

BASE="http://127.0.0.1:$PORT"
load() { java -cp "$OUT/classes" LoadGen --secret "$SECRET" --token "$TOKEN" --c "$C" "$@"; }
sql() { psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d payhook -Atq -c "$1"; }
drained() {  # waits until every signed event sent so far has a receipt outcome
  local want=$1
  for _ in $(seq 1 600); do
    [ "$(sql "SELECT count(*) FROM receipts WHERE outcome <> 'received'")" -ge "$want" ] && return 0
    sleep 1
  done
  echo "processing did not drain" >&2; return 1
}

echo "warm-up (not measured)"
load --url "$BASE/bench/noop" --n "$N" --label warmup-noop
load --url "$BASE/webhooks/stripe" --n "$N" --label warmup-signed
drained "$N"

echo "measured, $(nproc) cores, load generator on the same machine"
NOOP=$(load --url "$BASE/bench/noop" --n "$N" --label noop)
echo "$NOOP"
SIGNED=$(load --url "$BASE/webhooks/stripe" --n "$N" --label signed-durable)
echo "$SIGNED"
RUN=$(echo "$SIGNED" | sed 's/.*orders=bench-//')
drained "$((2 * N))"
echo "processing: $(sql "SELECT round(count(*) / extract(epoch FROM max(updated_at) - min(received_at)))
  FROM receipts WHERE event_id LIKE 'evt_${RUN}_%'") events/s applied (signed phase, first received -> last outcome)"

paid_latency() {  # receive -> order paid percentiles for the orders of one paced phase
  sql "SELECT 'p50=' || round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 1)
    || 'ms p99=' || round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)::numeric, 1) || 'ms paid=' || count(*)
    FROM (SELECT extract(epoch FROM o.updated_at - r.received_at) * 1000 AS ms
          FROM orders o JOIN receipts r ON r.order_id = o.order_id
          WHERE o.order_id LIKE '$1-%' AND o.status = 'paid') t"
}
SENT=$((2 * N))
for PACE in "$RATE" "$SUSTAINED"; do
  COUNT=$(( PACE == RATE ? N : SUSTAINED * 20 ))
  RATED=$(load --url "$BASE/webhooks/stripe" --n "$COUNT" --rate "$PACE" --orders "rate$PACE-$RANDOM" --label "paced")
  echo "$RATED"
  SENT=$((SENT + COUNT))
  drained "$SENT"
  echo "receive -> order paid at $PACE/s: $(paid_latency "$(echo "$RATED" | sed 's/.*orders=//')")"
done

ratio() { echo "$1" | sed 's/.*throughput=\([0-9]*\).*/\1/'; }
awk -v s="$(ratio "$SIGNED")" -v n="$(ratio "$NOOP")" 'BEGIN { printf "ratio signed/no-op: %.2f (%d / %d per s)\n", s / n, s, n }'
echo "results in $OUT"
