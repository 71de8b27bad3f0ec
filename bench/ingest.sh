#!/usr/bin/env bash
# Ingest and drain side by side with a base commit, one command: bench/ingest.sh
# Each build runs as it ships, `java @<its checkout>/config/jvm.options -jar`, processing on, on an
# embedded broker and database of its own (fresh data). In each of ROUNDS rounds, base then head:
# N orders registered, then N signed Stripe payments paying them over C connections (LoadGen), and
# - ingest: payments acknowledged per second, first request to last 2xx;
# - drain: payments applied per second, first request to the last order paid;
# - the JVM's CPU per payment over that span, its peak RSS and its longest GC pause.
# Ends with each build's medians and the FIGURE lines of head / base.
# BASE (default 8a1fe73, the previous release: the standing rule is head at least 0.97 of it in
# ingest and drain, and a peak RSS of at most 640 MB); ROUNDS (default 4); N (8000); C (32).
# BASE_JAVA, HEAD_JAVA: the java binary of each (default: the java on the PATH); HEAD_OPTS: JVM options
# added to head's (e.g. HEAD_JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java HEAD_OPTS=-XX:+UseCompactObjectHeaders
# BASE=HEAD compares a JDK and its flags on the same build).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
BASE="${BASE:-8a1fe73}"; ROUNDS="${ROUNDS:-4}"; N="${N:-8000}"; C="${C:-32}"
PORT="${PORT:-18070}"; OPS_PORT="${OPS_PORT:-18071}"; PG_PORT="${PG_PORT:-15331}"  # below the ephemeral ports
OUT="$(pwd)/bench/results/ingest-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT/classes"
mvn -q -B -ntp -DskipTests package
HERE="$(pwd)"
BASE_DIR="$(base_checkout "$BASE")"
javac -d "$OUT/classes" bench/LoadGen.java
SECRET="whsec_bench_$RANDOM$RANDOM"
PID=""
trap '[ -n "$PID" ] && kill $PID 2>/dev/null; wait 2>/dev/null || true' EXIT

start() {  # start NAME DIR JAVA [OPTS...]: that checkout's jar with its own JVM options; sets PID
  local name=$1 dir=$2 java=$3; shift 3
  local options="$dir/config/jvm.options"; [ -f "$options" ] || options="$HERE/config/jvm.options"
  (cd "$dir" && exec "$java" @"$options" "$@" -Xlog:gc:file="$RUN/gc-$name.log":uptime -jar "$(gateway_jar)" \
    --server.port="$PORT" --payhook.ops.port="$OPS_PORT" \
    --payhook.embedded-postgres.data-dir="$RUN/data-$name/postgres" --payhook.embedded-postgres.port="$PG_PORT" \
    --spring.artemis.embedded.data-directory="$RUN/data-$name/artemis" \
    --payhook.providers.stripe.secrets[0]="$SECRET" > "$RUN/payhook-$name.log" 2>&1) &
  PID=$!
  for _ in $(seq 1 1200); do
    curl -sf "http://127.0.0.1:$OPS_PORT/actuator/health" >/dev/null && return 0
    kill -0 $PID 2>/dev/null || break
    sleep 0.1
  done
  echo "$name did not start, see $RUN/payhook-$name.log" >&2; exit 1
}
measure() {  # measure NAME DIR JAVA [OPTS...]: one build's round; appends "name ingest drain cpu_ms rss_mb pause_ms" to results.txt
  local name=$1 prefix="ing$RANDOM$RANDOM" numbers
  start "$@"
  rss_samples $PID "$RUN/rss-$name.txt" &
  orders "$prefix" "$N"
  numbers=$(load "$name" "$PID" "$prefix" "$RUN/loadgen.txt")
  kill $PID; wait $PID 2>/dev/null || true; PID=""
  echo "$name $numbers $(peak_mb "$RUN/rss-$name.txt") $(longest_pause "$RUN/gc-$name.log")" | tee -a "$OUT/results.txt"
}

HEAD_ARGS=(); read -r -a HEAD_ARGS <<< "${HEAD_OPTS:-}"
echo "== $(nproc) cores, N=$N over C=$C; base $(cd "$BASE_DIR" && git rev-parse --short HEAD): $("${BASE_JAVA:-java}" -version 2>&1 | head -1);" \
  "head $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo '+changes'): $("${HEAD_JAVA:-java}" -version 2>&1 | head -1) ${HEAD_OPTS:-}"
echo "name ingest/s drain/s jvm_cpu_ms_per_payment peak_rss_mb longest_pause_ms"
for r in $(seq 1 "$ROUNDS"); do  # interleaved: drift over the run touches both alike
  RUN="$OUT/round-$r"; mkdir -p "$RUN"
  measure "base-$r" "$BASE_DIR" "${BASE_JAVA:-java}"
  measure "head-$r" "$HERE" "${HEAD_JAVA:-java}" "${HEAD_ARGS[@]}"
done
R="$OUT/results.txt"
medians "$R" head base "2 ingest/s" "3 drain/s" "4 jvm_cpu_ms" "5 peak_rss_mb" "6 longest_pause_ms"
echo "results in $OUT"
figure ingest_head_per_base "$(ratio "$R" head base 2)" ">=0.97"
figure drain_head_per_base "$(ratio "$R" head base 3)" ">=0.97"
figure peak_rss_head_mb "$(median "$R" head 5)" "<=640"
