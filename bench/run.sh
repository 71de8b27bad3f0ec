#!/usr/bin/env bash
# Payhook benchmark, one command: bench/run.sh
# Builds the jar, then measures in one run, each on a gateway of its own (embedded broker and
# database, fresh data):
# 1. processing off: durable signed ingest beside the bare durable handler (bench/java/.../BareIngress,
#    in the jar only with -Pbench: the same listener, filters, signature check and persistent send,
#    no Camel), alternated twice,
#    and the no-op route: I1 = signed / bare;
# 2. processing on: durable signed ingest, the ack latency paced at half that rate (I2), and
#    receive -> order paid latency at a sustained rate.
# Ends with FIGURE value target ok|short lines. Results and logs under bench/results/, with each
# gateway's GC log (-Xlog:gc); NMT=1 also records its native memory summary (jcmd) while loaded.
# ROUNDS (default 1) repeats the whole; BASE=<commit> builds that commit's jar too
# (bench/results/base-<commit>) and measures it the same way before this checkout's in each round.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
# wrk (Debian's package) generates the throughput phases' load with far less CPU than a Java
# client on the same cores: installed when missing; LoadGen stands in only where it cannot be
command -v wrk >/dev/null || install_package wrk || echo "wrk could not be installed: LoadGen generates the load" >&2
N="${N:-20000}"          # events per paced phase (and per throughput phase without wrk)
DURATION="${DURATION:-20}"  # seconds per throughput phase with wrk
WRK_EVENTS="${WRK_EVENTS:-100000}"  # distinct signed events prepared for a wrk phase
C="${C:-64}"             # concurrent keep-alive connections
SUSTAINED="${SUSTAINED:-100}"  # a rate processing keeps up with on 2 cores, for 20 s
PORT="${PORT:-18080}"
OPS_PORT="${OPS_PORT:-18081}"
PG_PORT="${PG_PORT:-15329}"  # below the ephemeral ports (32768-60999), which clients take, as VERTX_PORT
# ENGINE=vertx: the platform-http routes (webhooks, the no-op) on Camel's Vert.x engine on VERTX_PORT
# (bench/java/.../VertxListener), the bare handler measured there as well as on Tomcat
ENGINE="${ENGINE:-tomcat}"
VERTX_PORT="${VERTX_PORT:-18082}"
if [ "$ENGINE" = vertx ] && [ -n "${BASE:-}" ]; then
  echo "ENGINE=vertx measures this checkout alone: a base commit's jar has no Vert.x listener (unset BASE)" >&2; exit 1
fi
# PAYHOOK_ARGS: extra --name=value settings for the gateway under test (e.g. --payhook.processing.consumers=16)
ROUNDS="${ROUNDS:-1}"
OUT="$(pwd)/bench/results/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT/classes"

mvn -q -B -ntp -Pbench -DskipTests package
HERE="$(pwd)"
[ -n "${BASE:-}" ] && BASE_DIR="$(base_checkout "$BASE" -Pbench)"
javac -d "$OUT/classes" bench/LoadGen.java
SECRET="whsec_bench_$RANDOM$RANDOM"
TOKEN="$(openssl rand -hex 32)"
PID=""
# errexit holds in a trap too: every status here is ignored, or the broker would outlive the run
trap '[ -n "$PID" ] && kill $PID 2>/dev/null; wait $PID 2>/dev/null || true; broker_stop; wait 2>/dev/null || true' EXIT
routes_in() {  # routes_in DIR: the route files of that checkout, the benchmark's no-op route with them
  local p="file:routes/templates/*.yaml,file:routes/processing.yaml"
  [ -d "$1/routes/providers" ] && p="$p,file:routes/providers/*.yaml"  # commits before the templated ingress routes
  # the no-op route alone: bench/routes/subscriber.yaml is bench/processing.sh's, with a setting of its own
  if [ -d "$1/bench/routes" ]; then p="$p,file:bench/routes/noop.yaml"; else p="$p,file:routes/bench/*.yaml"; fi
  echo "$p"
}
gateway() {  # gateway NAME [--setting=value...]: the jar of $DIR on fresh data under $RUN; sets PID, samples its RSS
  local name=$1; shift
  broker_start "$RUN/artemis-$name"
  local nmt=(); [ -n "${NMT:-}" ] && nmt=(-XX:NativeMemoryTracking=summary)
  (cd "$DIR" && MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" exec java @"$HERE/config/jvm.options" "${nmt[@]}" \
    -Xlog:gc,gc+phases=debug:file="$RUN/gc-$name.log":uptime \
    ${PAYHOOK_JAVA_OPTS:-} -jar "$(gateway_jar)" \
    --server.port="$PORT" --payhook.ops.port="$OPS_PORT" \
    --payhook.embedded-postgres.data-dir="$RUN/data-$name/postgres" --payhook.embedded-postgres.port="$PG_PORT" \
    --spring.artemis.embedded.data-directory="$RUN/data-$name/artemis" \
    --payhook.ops.token="$TOKEN" --payhook.providers.stripe.secrets[0]="$SECRET" \
    --camel.main.routes-include-pattern="$(routes_in "$DIR")" \
    "$@" "${BROKER_ARGS[@]}" "${ENGINE_ARGS[@]}" ${PAYHOOK_ARGS:-} > "$RUN/payhook-$name.log" 2>&1) &
  PID=$!
  rss_samples $PID "$RUN/rss-$name.txt" &
  for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$OPS_PORT/actuator/health" >/dev/null && return 0
    sleep 1
  done
  echo "Payhook did not start, see $RUN" >&2; exit 1
}
stop() { kill $PID; wait $PID 2>/dev/null || true; PID=""; broker_stop; }
native_memory() {  # native_memory NAME: with NMT=1, the JVM's own account of its memory, while loaded
  [ -n "${NMT:-}" ] && jcmd "$PID" VM.native_memory summary > "$RUN/nmt-$1.txt" 2>&1 || true
}

URL="http://127.0.0.1:$PORT"
ENGINE_ARGS=(); ROUTES="$URL"  # where the platform-http routes answer
if [ "$ENGINE" = vertx ]; then ENGINE_ARGS=(--payhook.bench.vertx-port="$VERTX_PORT"); ROUTES="http://127.0.0.1:$VERTX_PORT"; fi
load() { java -cp "$OUT/classes" LoadGen --secret "$SECRET" --token "$TOKEN" --api "http://127.0.0.1:$OPS_PORT" --c "$C" "$@"; }
# Throughput phases: wrk, which replays distinct pre-signed events written by LoadGen --emit
# (LoadGen itself without wrk). Prints one line
# like LoadGen's and sets SENT_LAST to the number of requests sent.
blast() {  # blast LABEL PATH|URL
  local url="$2"; [[ $url = http* ]] || url="$URL$url"
  if command -v wrk >/dev/null; then
    local emitted w prefix="wrk$RANDOM$RANDOM"
    # the events pay registered orders (the full processing path, not the unknown_order dead letter)
    orders "$prefix" "$WRK_EVENTS"
    emitted=$(java -cp "$OUT/classes" LoadGen --secret "$SECRET" --c "$C" --n "$WRK_EVENTS" --orders "$prefix" --emit "$RUN/requests.txt")
    w=$(wrk -t2 -c"$C" -d"${DURATION}s" --latency -s bench/signed.lua "$url" -- "$RUN/requests.txt" 2)
    SENT_LAST=$(echo "$w" | awk '/requests in/ {print $1}')
    echo "$w" | awk -v label="$1" -v c="$C" -v tail="$(echo "$emitted" | sed 's/.*orders=/orders=/')" '
      function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
      /^ +50%/ { p50 = ms($2) } /^ +99%/ { p99 = ms($2) } /Requests\/sec/ { rps = $2 }
      /Non-2xx/ { bad = $5 } /requests in/ { n = $1 }
      END { printf "%s: wrk n=%d c=%d throughput=%.0f/s ack_p50=%.1fms ack_p99=%.1fms non200=%d %s\n", label, n, c, rps, p50, p99, bad, tail }'
  else
    load --url "$url" --n "$N" --label "$1" --orders "lg$RANDOM$RANDOM"
    SENT_LAST=$N
  fi
}
drained() {  # waits until every signed event sent so far has a receipt outcome
  local want=$1
  for _ in $(seq 1 600); do
    [ "$(sql "SELECT count(*) FROM receipts WHERE outcome <> 'received'")" -ge "$want" ] && return 0
    sleep 1
  done
  echo "processing did not drain" >&2; return 1
}

measure() {  # measure NAME DIR: both phases on the jar built in DIR, under $OUT/NAME; sets I1
  local name=$1 round; DIR=$2; RUN="$OUT/$name"; mkdir -p "$RUN"
  echo "== $name ($(cd "$DIR" && git rev-parse --short HEAD))"
  # 1. I1: processing off, so that neither phase pays for processing; the bare handler and the
  # no-op route answer on provider ids of their own (web/WebhookGate refuses unknown ones)
  gateway ingest --payhook.processing.enabled=false --payhook.bench.bare-ingress=true \
    --payhook.providers.bench-bare.scheme=stripe --payhook.providers.bench-bare.secrets[0]="$SECRET"
  echo "I1, processing off (warm-up not measured)"
  blast warmup-bare /webhooks/bench-bare > /dev/null
  blast warmup-signed "$ROUTES/webhooks/stripe" > /dev/null
  echo "measured, $(nproc) cores, $BROKER broker, load generator on the same machine"
  NOOP=$(blast noop "$ROUTES/bench-noop"); echo "$NOOP"
  rate() { echo "$1" | sed 's/.*throughput=\([0-9]*\).*/\1/'; }
  BARE=0; SIGNED_OFF=0; BARE_VERTX=0
  for round in 1 2; do  # alternated: drift over the run touches both alike
    line=$(blast "bare-$round" /webhooks/bench-bare); echo "$line"; BARE=$((BARE + $(rate "$line")))
    case "$line" in *" non200=0 "*) ;; *) echo "the bare handler answered non-2xx: I1 is void"; BARE=0; break ;; esac
    if [ "$ENGINE" = vertx ]; then
      line=$(blast "bare-vertx-$round" "$ROUTES/bench-bare"); echo "$line"; BARE_VERTX=$((BARE_VERTX + $(rate "$line")))
    fi
    line=$(blast "signed-$round" "$ROUTES/webhooks/stripe"); echo "$line"; SIGNED_OFF=$((SIGNED_OFF + $(rate "$line")))
  done
  if [ "$ENGINE" = vertx ]; then  # I1 against the bare handler on the engine it is faster on
    echo "bare handler: Tomcat $((BARE / 2)), Vert.x $((BARE_VERTX / 2)) per s"
    [ "$BARE_VERTX" -gt "$BARE" ] && BARE=$BARE_VERTX
  fi
  I1=$(awk -v s="$SIGNED_OFF" -v b="$BARE" 'BEGIN { if (b > 0) printf "%.2f", s / b }')
  echo "I1 signed / bare durable handler: ${I1:-n/a} ($((SIGNED_OFF / 2)) / $((BARE / 2)) per s, mean of 2)"
  awk -v s="$SIGNED_OFF" -v n="$(rate "$NOOP")" 'BEGIN { printf "signed / no-op: %.2f (no-op %d per s)\n", s / 2 / n, n }'
  native_memory ingest
  stop
  echo "GC, processing off: $(gc_pauses "$RUN/gc-ingest.log"); peak RSS $(peak_mb "$RUN/rss-ingest.txt") MB"

  # 2. processing on
  gateway process
  echo "processing on (warm-up not measured)"
  blast warmup-signed "$ROUTES/webhooks/stripe" > /dev/null
  SENT=$SENT_LAST
  drained "$SENT"
  blast signed-durable "$ROUTES/webhooks/stripe" > "$RUN/signed.txt"
  native_memory process
  SIGNED=$(cat "$RUN/signed.txt")
  echo "$SIGNED"
  SENT=$((SENT + SENT_LAST))
  PREFIX=$(echo "$SIGNED" | sed 's/.*orders=//')
  drained "$SENT"
  echo "processing: $(sql "SELECT round(count(*) / extract(epoch FROM max(updated_at) - min(received_at)))
    || ' events/s, ' || count(*) FILTER (WHERE outcome = 'applied') || ' of ' || count(*) || ' applied'
    FROM receipts WHERE order_id LIKE '$PREFIX-%'") (signed phase, first received -> last outcome)"

  paid_latency() {  # receive -> order paid percentiles for the orders of one paced phase
    sql "SELECT 'p50=' || round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 1)
      || 'ms p99=' || round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)::numeric, 1) || 'ms paid=' || count(*)
      FROM (SELECT extract(epoch FROM o.updated_at - r.received_at) * 1000 AS ms  -- the batch's start: up to one batch early
            FROM orders o JOIN receipts r ON r.order_id = o.order_id
            WHERE o.order_id LIKE '$1-%' AND o.status = 'paid') t"
  }
  HALF=$(( $(rate "$SIGNED") / 2 ))
  for PACE in "$HALF" "$SUSTAINED"; do
    COUNT=$(( PACE * 20 ))
    RATED=$(load --url "$ROUTES/webhooks/stripe" --n "$COUNT" --rate "$PACE" --orders "rate$PACE-$RANDOM" --label "paced")
    echo "$RATED"
    [ "$PACE" = "$HALF" ] && HALF_ACK_P99=$(echo "$RATED" | sed 's/.*ack_p99=\([0-9.]*\)ms.*/\1/')
    PREFIX=$(echo "$RATED" | sed 's/.*orders=//')
    for _ in $(seq 1 600); do
      [ "$(sql "SELECT count(*) FROM orders WHERE order_id LIKE '$PREFIX-%' AND status = 'paid'")" -ge "$COUNT" ] && break
      sleep 1
    done
    echo "receive -> order paid at $PACE/s: $(paid_latency "$PREFIX")"
  done

  figure I1_signed_per_bare_durable_handler "$I1" ">=0.9"
  figure I2_ack_p99_ms_at_half_ingest "$HALF_ACK_P99" "<=50"
  figure M1_peak_rss_mb "$(peak_mb "$RUN/rss-process.txt")" "<=640"
  stop
  echo "GC, processing on: $(gc_pauses "$RUN/gc-process.log")"
  figure M2_longest_gc_pause_ms "$(longest_pause "$RUN/gc-process.log")" "<=50"
  figure M1_peak_rss_mb_processing_off "$(peak_mb "$RUN/rss-ingest.txt")" "<=640"
}

I1S=()
for r in $(seq 1 "$ROUNDS"); do
  if [ -n "${BASE:-}" ]; then
    measure "base-$r" "$BASE_DIR"; BASE_I1=$I1
    measure "head-$r" "$HERE"
    echo "round $r: I1 $I1 here, $BASE_I1 at $BASE"
  else
    measure "run-$r" "$HERE"
  fi
  I1S+=("$I1")
done
echo "results in $OUT"
for i in "${!I1S[@]}"; do figure "I1_round_$((i + 1))" "${I1S[$i]}" ">=0.9"; done
