# Shared by the bench scripts (sourced): memory samples and the FIGURE lines of issue 16.

rss_samples() {  # rss_samples PID FILE: the process's RSS (kB) twice a second into FILE while it lives
  while kill -0 "$1" 2>/dev/null; do ps -o rss= -p "$1" >> "$2" || true; sleep 0.5; done
}

peak_mb() {  # peak_mb FILE: the largest sample, in MB
  sort -n "$1" | tail -1 | awk '{ printf "%d", $1 / 1024 }'
}

figure() {  # figure NAME VALUE TARGET (<=x or >=x): "NAME value target ok|short"; no value is short
  awk -v name="$1" -v v="$2" -v t="$3" 'BEGIN {
    if (v == "") { printf "%s n/a %s short\n", name, t; exit }
    limit = substr(t, 3) + 0
    ok = (substr(t, 1, 2) == "<=") ? (v + 0 <= limit) : (v + 0 >= limit)
    printf "%s %s %s %s\n", name, v, t, ok ? "ok" : "short" }'
}
