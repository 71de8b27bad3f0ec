#!/usr/bin/env bash
# Processing alone, one command: bench/processing.sh
# Accepts N signed Stripe payments for registered orders with processing off, restarts Payhook on the
# same data with processing on, and reports over a steady window: payments applied per second and
# CPU per payment of the JVM (ingress idle; broker and outbox worker included) and of PostgreSQL,
# and the SQL statements and commits per payment (pg_stat_statements: counts do not drift with load).
set -euo pipefail
cd "$(dirname "$0")/.."
N="${N:-40000}"; C="${C:-64}"; WINDOW="${WINDOW:-30}"  # WARMUP (s, default 15) before the window
PORT="${PORT:-18090}"; OPS_PORT="${OPS_PORT:-18091}"; PG_PORT="${PG_PORT:-54330}"
OUT="bench/results/processing-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT/classes"
mvn -q -B -ntp -DskipTests package
javac -d "$OUT/classes" bench/LoadGen.java
SECRET="whsec_bench_$RANDOM$RANDOM"
PID=""
trap '[ -n "$PID" ] && kill $PID 2>/dev/null; wait 2>/dev/null || true' EXIT
start() {  # start PROCESSING_ENABLED
  java ${PAYHOOK_JAVA_OPTS:-} -jar target/payhook-0.1.0-SNAPSHOT.jar --server.port="$PORT" --payhook.ops.port="$OPS_PORT" \
    --payhook.embedded-postgres.data-dir="$OUT/data/postgres" --payhook.embedded-postgres.port="$PG_PORT" \
    --spring.artemis.embedded.data-directory="$OUT/data/artemis" --payhook.providers.stripe.secrets[0]="$SECRET" \
    --payhook.processing.enabled="$1" ${PAYHOOK_ARGS:-} > "$OUT/payhook-$1.log" 2>&1 &
  PID=$!
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$OPS_PORT/actuator/health" >/dev/null && return 0; sleep 1; done
  echo "Payhook did not start, see $OUT" >&2; exit 1
}
sql() { psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d payhook -Atq -c "$1"; }
cpu() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }  # user + system ticks; 0 for a process gone since
pg_cpu() { local t=0 p; for p in $(pgrep -x postgres); do t=$((t + $(cpu "$p"))); done; echo "$t"; }
applied() { sql "SELECT count(*) FROM receipts WHERE outcome <> 'received'"; }

start false
PREFIX="proc$RANDOM$RANDOM"
sql "INSERT INTO orders (order_id, amount_minor, currency, sku, customer_id)
     SELECT '$PREFIX-' || i, 1050, 'USD', 'bench', 'c' FROM generate_series(0, $N - 1) i"
# exactly N distinct events (LoadGen registers no order without --token: they are in the table)
java -cp "$OUT/classes" LoadGen --url "http://127.0.0.1:$PORT/webhooks/stripe" --secret "$SECRET" --c "$C" --n "$N" \
  --orders "$PREFIX" --label preload
sql "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'"  # this run's own data directory
kill $PID; wait $PID 2>/dev/null || true; PID=""

start true
sleep "${WARMUP:-15}"  # JIT warm-up on the backlog
sql "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"
commits() { sql "SELECT xact_commit FROM pg_stat_database WHERE datname = 'payhook'"; }
sql "SELECT pg_stat_statements_reset()" >/dev/null
OWN="pg_stat|FROM receipts WHERE outcome <>"  # this script's own queries, not Payhook's
x0=$(commits); n0=$(applied); j0=$(cpu $PID); p0=$(pg_cpu); t0=$(date +%s.%N)
sleep "$WINDOW"
n1=$(applied); x1=$(commits); j1=$(cpu $PID); p1=$(pg_cpu); t1=$(date +%s.%N)
# per delivery: every delivery inserts one receipt row, so that statement's calls count them
statements=$(sql "SELECT round(sum(calls)::numeric / max(calls) FILTER (WHERE query ~ '^\s*INSERT INTO receipts '), 1)
  FROM pg_stat_statements WHERE query !~* '^(BEGIN|COMMIT|ROLLBACK)' AND query !~ '$OWN'")
TICK=$(getconf CLK_TCK)
awk -v n=$((n1 - n0)) -v j=$((j1 - j0)) -v p=$((p1 - p0)) -v t0="$t0" -v t1="$t1" -v hz="$TICK" -v cores="$(nproc)" 'BEGIN {
  dt = t1 - t0
  printf "processing alone, %d cores: %d payments in %.1f s = %.0f/s; CPU per payment: JVM %.2f ms, PostgreSQL %.2f ms\n",
    cores, n, dt, n / dt, j * 1000 / hz / n, p * 1000 / hz / n }'
awk -v s="$statements" -v x=$((x1 - x0)) -v n=$((n1 - n0)) 'BEGIN {
  printf "per payment: %s SQL statements (BEGIN/COMMIT not counted), %.2f committed transactions\n", s, x / n }'
sql "SELECT calls, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) FROM pg_stat_statements
     WHERE query !~ '$OWN' ORDER BY calls DESC" > "$OUT/statements.txt"
echo "applied so far: $(sql "SELECT count(*) FILTER (WHERE outcome = 'applied') || ' of ' || count(*) FROM receipts")"
echo "results in $OUT"
