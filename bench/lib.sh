# Shared by the bench scripts (sourced): memory samples and the FIGURE lines (name, value, target, ok|short).

rss_samples() {  # rss_samples PID FILE: the process's RSS (kB) twice a second into FILE while it lives
  while kill -0 "$1" 2>/dev/null; do ps -o rss= -p "$1" >> "$2" || true; sleep 0.5; done
}

peak_mb() {  # peak_mb FILE: the largest sample, in MB
  sort -n "$1" | tail -1 | awk '{ printf "%d", $1 / 1024 }'
}

cpu() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }  # user + system ticks; 0 for a process gone since

gc_pauses() {  # gc_pauses FILE: "longest=<ms> full=<count>" from a -Xlog:gc log
  awk '/Pause/ { ms = $NF; sub("ms", "", ms); if (ms + 0 > max) max = ms + 0; if (/Pause Full/) full++ }
    END { printf "longest=%.1f full=%d", max, full }' "$1"
}
longest_pause() { gc_pauses "$1" | sed 's/longest=\([0-9.]*\).*/\1/'; }  # longest_pause FILE: its ms

# the gateway's embedded database, on the PG_PORT the script set
sql() { psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d payhook -Atq -c "$1"; }
orders() {  # orders PREFIX N: registers the orders PREFIX-0 .. PREFIX-(N-1), which LoadGen's events pay
  sql "INSERT INTO orders (order_id, amount_minor, currency, sku, customer_id)
     SELECT '$1-' || i, 1050, 'USD', 'bench', 'c' FROM generate_series(0, $2 - 1) i"
}

figure() {  # figure NAME VALUE TARGET (<=x or >=x): "NAME value target ok|short"; no value is short
  awk -v name="$1" -v v="$2" -v t="$3" 'BEGIN {
    if (v == "") { printf "%s n/a %s short\n", name, t; exit }
    limit = substr(t, 3) + 0
    ok = (substr(t, 1, 2) == "<=") ? (v + 0 <= limit) : (v + 0 >= limit)
    printf "%s %s %s %s\n", name, v, t, ok ? "ok" : "short" }'
}

# BROKER=standalone: the gateway on a standalone Artemis (broker/run-artemis.sh with broker/broker.xml,
# on this machine, fresh journal) instead of the embedded default, the production topology of
# the performance targets; every figure is then against that broker.
BROKER="${BROKER:-embedded}"
BROKER_PID=""
BROKER_ARGS=()
broker_start() {  # broker_start DIR: with BROKER=standalone, a broker instance in DIR; sets BROKER_ARGS
  BROKER_ARGS=()
  [ "$BROKER" = standalone ] || return 0
  local port="${BROKER_PORT:-16161}"  # below the ephemeral ports, which clients take
  if (: < "/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "port $port is in use (a broker left by another run?): stop it or set BROKER_PORT" >&2; exit 1
  fi
  local instance=$1; [[ $instance = /* ]] || instance="$(pwd)/$instance"  # the scripts pass absolute paths
  ARTEMIS_INSTANCE="$instance" ARTEMIS_PORT=$port ARTEMIS_HTTP_PORT=$((port + 1)) ARTEMIS_PASSWORD=bench \
    bash broker/run-artemis.sh > "$1.log" 2>&1 &
  BROKER_PID=$!
  for _ in $(seq 1 240); do
    if (: < "/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      BROKER_ARGS=(--spring.profiles.active=standalone-broker --spring.artemis.broker-url="tcp://127.0.0.1:$port"
        --spring.artemis.password=bench)
      return 0
    fi
    kill -0 "$BROKER_PID" 2>/dev/null || break
    sleep 0.5
  done
  echo "the standalone broker did not start, see $1.log" >&2; exit 1
}
broker_stop() {
  if [ -n "$BROKER_PID" ]; then kill "$BROKER_PID" 2>/dev/null || true; wait "$BROKER_PID" 2>/dev/null || true; fi
  BROKER_PID=""
}

gateway_jar() {  # gateway_jar [DIR]: the gateway's jar built under DIR (.), by the name that commit's build gives it
  local f
  for f in "${1:-.}"/target/payhook.jar "${1:-.}"/target/payhook-*.jar; do
    [ -f "$f" ] && [[ "$f" != *.original ]] && { echo "$f"; return; }
  done
  echo "${1:-.}/target/payhook.jar"
}

base_checkout() {  # base_checkout COMMIT [MAVEN ARGS]: that commit's checkout with its jar built; prints its directory
  local dir; dir="bench/results/base-$(git rev-parse --short "$1")"
  if [ ! -f "$(gateway_jar "$dir")" ]; then
    rm -rf "$dir"; git worktree prune
    git worktree add -q --detach "$dir" "$1" >&2
    (cd "$dir" && mvn -q -B -ntp -DskipTests package "${@:2}" >&2)
  fi
  (cd "$dir" && pwd)
}
install_package() {  # install_package NAME: Debian's package, as root or with sudo; false when it cannot be
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo -n"
  command -v apt-get >/dev/null || return 1
  $sudo apt-get install -y -q --no-install-recommends "$1" >/dev/null 2>&1 \
    || { $sudo apt-get update -q >/dev/null 2>&1 && $sudo apt-get install -y -q --no-install-recommends "$1" >/dev/null 2>&1; }
}
