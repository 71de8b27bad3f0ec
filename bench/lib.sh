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
pg_server() {  # pg_server DIR PORT: Debian's PostgreSQL server (installed when missing) on 127.0.0.1:PORT with its
  # data in DIR and a database payhook, user postgres, trusted; sets PGBIN. As root: it runs as the user postgres
  PGBIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
  if [ ! -x "$PGBIN/postgres" ]; then
    install_package postgresql || { echo "PostgreSQL's server is needed: apt-get install postgresql" >&2; return 1; }
    PGBIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  fi
  mkdir -p "$1" && chown postgres "$(dirname "$1")" "$1"
  runuser -u postgres -- "$PGBIN/initdb" -D "$1" -U postgres --auth=trust >/dev/null
  runuser -u postgres -- "$PGBIN/pg_ctl" -D "$1" -l "$1.log" -o "-p $2 -k $(dirname "$1") -c listen_addresses=127.0.0.1" -w start >/dev/null
  runuser -u postgres -- "$PGBIN/createdb" -h 127.0.0.1 -p "$2" payhook
}
# the checks of a run that pays orders PREFIX-0.. with events evt_PREFIX_..., read with sql()
paid() { sql "SELECT count(*) FROM orders WHERE order_id LIKE '$1-%' AND status = 'paid'"; }
await_paid() {  # await_paid PREFIX COUNT SECONDS (the check's line shows a shortfall)
  for _ in $(seq 1 "$3"); do [ "$(paid "$1")" -ge "$2" ] && break; sleep 1; done
}
double_applied() {
  sql "SELECT count(*) FROM (SELECT event_id FROM receipt_events WHERE event_id LIKE 'evt_$1_%' AND outcome = 'applied' GROUP BY event_id HAVING count(*) > 1) d"
}
double_payments() {
  sql "SELECT count(*) FROM (SELECT order_id FROM payments WHERE order_id LIKE '$1-%' GROUP BY order_id HAVING count(*) > 1) d"
}
field() { tr ' ' '\n' < "$1" | sed -n "s/^$2=//p"; }   # field FILE NAME: NAME=value printed by ClusterCheck

# a load of N signed Stripe payments over C connections (LoadGen, compiled into $OUT/classes) to the
# gateway on PORT, signed with SECRET, paying the orders PREFIX-0..; prints "ingest drain cpu_ms":
# acknowledged per second, applied per second until the last order is paid, and the CPU per
# payment of process PID over that span. LoadGen's line is appended to LOG.
load() {  # load NAME PID PREFIX LOG
  local name=$1 pid=$2 prefix=$3 t0 c0 line ingest drain paid=0
  t0=$(date +%s.%N); c0=$(cpu "$pid")
  line=$(java -cp "$OUT/classes" LoadGen --url "http://127.0.0.1:$PORT/webhooks/stripe" --secret "$SECRET" \
    --c "$C" --n "$N" --orders "$prefix" --label "$name")
  echo "$line" >> "$4"
  case "$line" in *" non200=0 "*) ;; *) echo "$name answered non-2xx: the round is void" >&2; return 1 ;; esac
  ingest=$(echo "$line" | sed 's/.*throughput=\([0-9]*\).*/\1/')
  for _ in $(seq 1 6000); do
    paid=$(paid "$prefix")
    [ "$paid" -ge "$N" ] && break
    sleep 0.2
  done
  [ "$paid" -ge "$N" ] || { echo "$name paid $paid of $N in 20 minutes" >&2; return 1; }
  drain=$(awk -v n="$N" -v t0="$t0" -v t1="$(date +%s.%N)" 'BEGIN { printf "%.1f", n / (t1 - t0) }')
  echo "$ingest $drain $(awk -v j=$(($(cpu "$pid") - c0)) -v n="$N" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", j * 1000 / hz / n }')"
}

# results.txt lines "NAME-ROUND value...": the median of a column over one name's rounds, and the
# ratio of two names' medians
median() {  # median FILE NAME COLUMN
  awk -v b="$2-" -v c="$3" 'index($1, b) == 1 { print $c }' "$1" | sort -g \
    | awk '{ v[NR] = $1 } END { printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
ratio() {  # ratio FILE NAME OTHER COLUMN: NAME's median / OTHER's
  awk -v h="$(median "$1" "$2" "$4")" -v b="$(median "$1" "$3" "$4")" 'BEGIN { printf "%.2f", h / b }'
}
medians() {  # medians FILE NAME OTHER "COLUMN LABEL"...: a line per column, both medians and NAME / OTHER
  local file=$1 name=$2 other=$3 c; shift 3
  for c in "$@"; do
    set -- $c
    echo "median $2: $other $(median "$file" "$other" "$1"), $name $(median "$file" "$name" "$1"), $name / $other $(ratio "$file" "$name" "$other" "$1")"
  done
}
