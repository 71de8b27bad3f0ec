#!/usr/bin/env bash
# The image on Java 25 beside the same build on a Java 17 base, one command: bench/image.sh
# Both images are built by Jib from this checkout, each on a Debian JRE base made here
# (deploy/podman.sh): Java 25 with the image's own options (compact object headers), Java 17 with
# config/jvm.options alone. In each of ROUNDS rounds, 17 then 25, a fresh container on embedded
# defaults (host network), and:
# - start: `podman run` to readiness UP, in seconds;
# - ingest and drain: N signed Stripe payments over C connections (LoadGen) acknowledged per
#   second, and applied per second until the last order is paid;
# - the JVM's CPU per payment over that span and its peak RSS (the container's java, its PID 1).
# Ends with each image's medians and the FIGURE lines of 25 / 17. Needs podman, runc, debootstrap
# and root (../shared/containers.md). ROUNDS (default 3); N (8000); C (32).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
ROUNDS="${ROUNDS:-3}"; N="${N:-8000}"; C="${C:-32}"
PORT="${PORT:-18090}"; OPS_PORT="${OPS_PORT:-18091}"; PG_PORT="${PG_PORT:-15335}"  # below the ephemeral ports
OUT="$(pwd)/bench/results/image-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT/classes"
WORK="$(mktemp -d)"
. deploy/podman.sh
NAME="payhook-bench-image-$$"
trap 'podman rm -f -v "$NAME" >/dev/null 2>&1; rm -rf "$WORK"' EXIT
SECRET="whsec_bench_$RANDOM$RANDOM"
javac -d "$OUT/classes" bench/LoadGen.java

build() {  # build JAVA SUITE [MAVEN ARGS]: localhost/payhook-bench:JAVA on that base
  local java=$1 base; base="$(base_image "$1" "$2")"; shift 2
  mvn -q -B -ntp -Pimage -DskipTests package -Djib.from.image="tar://$base" -Dimage="localhost/payhook-bench:$java" "$@"
  podman load -q -i target/jib-image.tar >/dev/null
}
build 17 bookworm -Djib.container.jvmFlags=@/app/config/jvm.options
build 25 trixie

measure() {  # measure JAVA ROUND: appends "JAVA-ROUND start_s ingest drain cpu_ms rss_mb" to results.txt
  local name="$1-$2" prefix="img$RANDOM$RANDOM" t0 start pid numbers
  t0=$(date +%s.%N)
  podman run -d --name "$NAME" --network=host \
    -e SERVER_PORT="$PORT" -e PAYHOOK_OPS_PORT="$OPS_PORT" -e PAYHOOK_EMBEDDEDPOSTGRES_PORT="$PG_PORT" \
    -e STRIPE_WEBHOOK_SECRET="$SECRET" "localhost/payhook-bench:$1" >/dev/null
  await_ready "$NAME" "$OPS_PORT" || exit 1
  start=$(seconds_since "$t0")
  pid=$(podman inspect "$NAME" --format '{{.State.Pid}}')
  rss_samples "$pid" "$OUT/rss-$name.txt" &
  orders "$prefix" "$N"
  numbers=$(load "$name" "$pid" "$prefix" "$OUT/loadgen.txt")
  podman stop -t 30 "$NAME" >/dev/null; podman rm -f -v "$NAME" >/dev/null
  echo "$name $start $numbers $(peak_mb "$OUT/rss-$name.txt")" | tee -a "$OUT/results.txt"
}

echo "== $(nproc) cores, N=$N over C=$C; $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo '+changes'):" \
  "$(podman run --rm --entrypoint java localhost/payhook-bench:17 -version 2>&1 | sed -n 1p) /" \
  "$(podman run --rm --entrypoint java localhost/payhook-bench:25 -version 2>&1 | sed -n 1p)"
echo "name start_s ingest/s drain/s jvm_cpu_ms_per_payment peak_rss_mb"
for r in $(seq 1 "$ROUNDS"); do  # interleaved: drift over the run touches both alike
  measure 17 "$r"
  measure 25 "$r"
done
R="$OUT/results.txt"
medians "$R" 25 17 "2 start_s" "3 ingest/s" "4 drain/s" "5 jvm_cpu_ms" "6 peak_rss_mb"
echo "results in $OUT"
figure start_25_per_17 "$(ratio "$R" 25 17 2)" "<=1.05"
figure ingest_25_per_17 "$(ratio "$R" 25 17 3)" ">=0.95"
figure rss_25_per_17 "$(ratio "$R" 25 17 6)" "<=0.95"
