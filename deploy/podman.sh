# Sourced by the scripts that run images here, after they set WORK (a temporary folder): podman as
# it runs on these machines (../shared/containers.md: runc, cgroupfs, no default ulimits), the JRE
# base images Jib builds on where no registry serves one, and the wait for a gateway to be ready.
export CONTAINERS_CONF="$WORK/containers.conf"
printf '[containers]\ndefault_ulimits = []\n' > "$CONTAINERS_CONF"
podman() { command podman --runtime runc --cgroup-manager=cgroupfs "$@"; }

# base_image JAVA SUITE: a Debian SUITE minbase root by debootstrap with openjdk-JAVA-jre-headless,
# imported as localhost/payhook-base:JAVA and saved once as ~/.cache/payhook/base-image-JAVA.tar
# (a few minutes; needs debootstrap and root). Prints the tar's path, for Jib's tar:// base.
base_image() {
  local java=$1 suite=$2 cache="${PAYHOOK_IMAGE_CACHE:-$HOME/.cache/payhook}" work
  local tar="$cache/base-image-$java.tar" home="/usr/lib/jvm/java-$java-openjdk-amd64"
  if [ ! -s "$tar" ]; then
    echo "building the JRE $java base image once (debootstrap, a few minutes), cached as $tar" >&2
    mkdir -p "$cache"; work="$(mktemp -d)"
    debootstrap --variant=minbase --include="openjdk-$java-jre-headless" "$suite" "$work/root" \
      http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log" >&2; return 1; }
    tar -C "$work/root" -cf "$work/base.tar" .
    podman import --change "ENV JAVA_HOME=$home" \
      --change "ENV PATH=$home/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
      "$work/base.tar" "localhost/payhook-base:$java" >/dev/null
    podman save --format docker-archive -o "$tar.part" "localhost/payhook-base:$java"
    mv "$tar.part" "$tar"; rm -rf "$work"
  fi
  echo "$tar"
}

# await_ready NAME PORT: until container NAME's gateway says readiness UP on management PORT (three
# minutes at most); false, with its last log lines, when it stopped or did not get there
await_ready() {
  for _ in $(seq 1 1800); do
    curl -sf "http://127.0.0.1:$2/actuator/health/readiness" >/dev/null && return 0
    [ "$(podman inspect "$1" --format '{{.State.Running}}' 2>/dev/null)" = true ] || break
    sleep 0.1
  done
  podman logs "$1" 2>&1 | tail -30; echo "$1 did not become ready" >&2; return 1
}

seconds_since() { awk -v a="$(date +%s.%N)" -v b="$1" 'BEGIN { printf "%.1f", a - b }'; }  # seconds_since T0 (date +%s.%N)
