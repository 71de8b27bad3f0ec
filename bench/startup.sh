#!/usr/bin/env bash
# Start-up and memory, side by side with a base commit, one command: bench/startup.sh
# Prepares this checkout as bin/payhook runs it (jar, unpacked, the JVM's start-up cache: the
# preparation is timed and reported) and builds the base commit's jar (BASE, default 1c67ae3), which
# runs as it shipped: `java @config/jvm.options -jar` on the default java. Then, each on a data
# directory of its own (embedded PostgreSQL and broker, processing on):
# 1. the first start, on a fresh data directory (initdb, every migration), one each;
# 2. RUNS starts each (default 3), alternating, on the data directory the first start made:
#    seconds from launching the process to /actuator/health answering 200, and from SIGTERM to exit;
# 3. one more start each under the same load: LOAD signed payments of registered orders over C
#    connections (the whole processing path), RSS sampled twice a second; its peak.
# When bin/payhook picks a newer java than the default, this checkout is also started on the default
# one ("head-default-java"): what a machine with only Java 17 gets.
# Ends with FIGURE lines; results and logs under bench/results/startup-<time>/.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
BASE="${BASE:-1c67ae3}"
RUNS="${RUNS:-3}"
LOAD="${LOAD:-8000}"
C="${C:-32}"
PORT="${PORT:-18080}"
OPS_PORT="${OPS_PORT:-18081}"
PG_PORT="${PG_PORT:-15329}"  # below the ephemeral ports (32768-60999), which clients take
OUT="$(pwd)/bench/results/startup-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT/classes"
HERE="$(pwd)"

BASE_DIR="$(base_checkout "$BASE")"
t0=$(date +%s.%N)
rm -rf target/app  # the preparation from scratch: unpacking and the training start
bin/payhook prepare 2> "$OUT/prepare.log"
PREPARE=$(echo "$(date +%s.%N) - $t0" | bc)
javac -d "$OUT/classes" bench/LoadGen.java
SECRET="whsec_bench_$RANDOM$RANDOM"
TOKEN="$(openssl rand -hex 32)"
DEFAULT_JAVA="$(readlink -f "$(command -v java)")"
PAYHOOK_JAVA_PICKED="$(grep -o 'Java [0-9]*' "$OUT/prepare.log" | head -1 || true)"
VARIANTS=(base head)
if [ -n "$PAYHOOK_JAVA_PICKED" ] && [ "$PAYHOOK_JAVA_PICKED" != "Java $(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')" ]; then
  PAYHOOK_JAVA="$DEFAULT_JAVA" bin/payhook prepare 2>> "$OUT/prepare.log"
  VARIANTS+=(head-default-java)
fi
PID=""
trap '[ -n "$PID" ] && kill $PID 2>/dev/null; wait 2>/dev/null || true' EXIT

launch() {  # launch VARIANT: starts it on its data directory, logging to $LOG; sets PID
  local args=(--server.port="$PORT" --payhook.ops.port="$OPS_PORT"
    --payhook.embedded-postgres.data-dir="$OUT/data-$1/postgres" --payhook.embedded-postgres.port="$PG_PORT"
    --spring.artemis.embedded.data-directory="$OUT/data-$1/artemis"
    --payhook.ops.token="$TOKEN" --payhook.providers.stripe.secrets[0]="$SECRET")
  case $1 in
    base) cd "$BASE_DIR" && exec java @"$HERE/config/jvm.options" -jar "$(gateway_jar)" "${args[@]}" ;;
    head) exec bin/payhook "${args[@]}" ;;
    head-default-java) PAYHOOK_JAVA="$DEFAULT_JAVA" exec bin/payhook "${args[@]}" ;;
  esac > "$LOG" 2>&1 &
  PID=$!
}
healthy_after() {  # healthy_after T0: seconds from T0 until /actuator/health answers 200
  for _ in $(seq 1 1800); do
    if curl -sf "http://127.0.0.1:$OPS_PORT/actuator/health" > /dev/null; then
      echo "$(date +%s.%N) - $1" | bc; return 0
    fi
    kill -0 "$PID" 2>/dev/null || break
    sleep 0.1
  done
  echo "it did not start, see $LOG" >&2; exit 1
}
stop() {  # SIGTERM; sets STOPPED to the seconds until the process is gone
  local t; t=$(date +%s.%N)
  kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""
  STOPPED=$(echo "$(date +%s.%N) - $t" | bc)
}
start() {  # start VARIANT LABEL: one timed start and stop, a line in $OUT/starts.txt
  local t healthy
  LOG="$OUT/$1-$2.log"; t=$(date +%s.%N); launch "$1"
  healthy=$(healthy_after "$t")
  stop
  printf '%s %s healthy=%.2f stop=%.2f\n' "$1" "$2" "$healthy" "$STOPPED" | tee -a "$OUT/starts.txt"
}

echo "== $(nproc) cores; base $BASE: $(java -version 2>&1 | head -1); head: $PAYHOOK_JAVA_PICKED via bin/payhook"
echo "preparation of head (unpacking, training start): ${PREPARE}s"
for v in "${VARIANTS[@]}"; do start "$v" first; done
for r in $(seq 1 "$RUNS"); do
  for v in "${VARIANTS[@]}"; do start "$v" "run$r"; done
done

for v in "${VARIANTS[@]}"; do  # under load: the peak RSS
  LOG="$OUT/$v-load.log"; launch "$v"; healthy_after "$(date +%s.%N)" > /dev/null
  rss_samples "$PID" "$OUT/rss-$v.txt" &
  java -cp "$OUT/classes" LoadGen --secret "$SECRET" --token "$TOKEN" --api "http://127.0.0.1:$OPS_PORT" \
    --c "$C" --url "http://127.0.0.1:$PORT/webhooks/stripe" --n "$LOAD" --orders "rss$RANDOM" --label "$v" \
    | tee -a "$OUT/load.txt"
  stop
  echo "$v peak_rss_mb=$(peak_mb "$OUT/rss-$v.txt")" | tee -a "$OUT/load.txt"
done

mean() { awk -v v="$1" '$1 == v && $2 ~ /^run/ { split($3, h, "="); s += h[2]; n++ } END { if (n) printf "%.2f", s / n }' "$OUT/starts.txt"; }
BASE_MEAN=$(mean base); HEAD_MEAN=$(mean head)
RATIO=$(awk -v h="$HEAD_MEAN" -v b="$BASE_MEAN" 'BEGIN { printf "%.2f", h / b }')
echo "start to healthy, data initialized, mean of $RUNS: base ${BASE_MEAN}s, head ${HEAD_MEAN}s"
[ -n "$(mean head-default-java)" ] && echo "head on the default java, mean of $RUNS: $(mean head-default-java)s"
figure startup_ratio "$RATIO" "<=0.4"
figure peak_rss_mb "$(awk '$1 == "head" { sub("peak_rss_mb=", "", $2); print $2 }' "$OUT/load.txt")" "<=640"
echo "results in $OUT"
