#!/usr/bin/env bash
# The chart's pods run for real here, by `podman kube play`: the gateway twice and the Artemis pair,
# as deploy/helm/payhook renders them (users, security contexts, read-only root, Secrets and
# ConfigMaps by reference, the broker files, the journal claims), against a PostgreSQL server on the
# host. One host without a cluster changes what dev.payhook.deploy.KubePlay says: the pods on the
# host's network with ports of their own, StatefulSets played as Deployments, no Services,
# NetworkPolicies or PodDisruptionBudgets. Then, under one load of N signed Stripe payments sent to
# both gateways and retried on the other as a provider behind a load balancer does: the primary
# broker is killed, and gateway A is stopped with SIGTERM. Every acknowledged payment must be
# applied, none twice. Prints one line per step; exit 1 on a failed check.
# Runs after deploy/image-check.sh (its image and JRE base), as root; needs podman, runc, catatonit.
#   N (300) payments, the primary killed after a third; RATE (20) per second
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
N="${N:-300}"; RATE="${RATE:-20}"
VERSION=$(sed -n 's|^  <version>\(.*\)</version>$|\1|p' pom.xml | head -1)
IMAGE="localhost/payhook:$VERSION"
ARTEMIS_VERSION=2.40.0
ARTEMIS_IMAGE="localhost/activemq-artemis:$ARTEMIS_VERSION"
A=18280; A_OPS=18281; B=18380; B_OPS=18381; PRIMARY=61716; BACKUP=61717; PG_PORT=15450
WORK="$(mktemp -d)"
. deploy/podman.sh
SECRETS=(payhook-database payhook-broker payhook-ops payhook-providers)
cleanup() {
  set +e   # each step whatever the one before did
  [ -f "$WORK/play.yaml" ] && podman kube down "$WORK/play.yaml" >/dev/null 2>&1
  [ -f "$WORK/volumes.txt" ] && xargs podman volume rm -f < "$WORK/volumes.txt" >/dev/null 2>&1
  for s in "${SECRETS[@]}"; do podman secret rm "$s" >/dev/null 2>&1; done
  [ -d "$WORK/pg" ] && runuser -u postgres -- "$PGBIN/pg_ctl" -D "$WORK/pg" -m fast stop >/dev/null 2>&1
  rm -rf "$WORK"
}
trap cleanup EXIT
podman image exists "$IMAGE" || { echo "no $IMAGE: run deploy/image-check.sh first" >&2; exit 1; }

# --- an Artemis image where no registry serves one: the distribution on the JRE base ---------------
if ! podman image exists "$ARTEMIS_IMAGE"; then
  podman image exists localhost/payhook-base:25 || podman load -q -i "$(base_image 25 trixie)" >/dev/null
  dist="broker/dist/apache-artemis-$ARTEMIS_VERSION"
  if [ ! -x "$dist/bin/artemis" ]; then
    mvn -q dependency:copy -Dartifact="org.apache.activemq:apache-artemis:$ARTEMIS_VERSION:tar.gz:bin" -DoutputDirectory=broker/dist
    tar -xzf "broker/dist/apache-artemis-$ARTEMIS_VERSION-bin.tar.gz" -C broker/dist
  fi
  mkdir -p "$WORK/artemis-image"
  cp -r "$dist" "$WORK/artemis-image/apache-artemis"
  cp deploy/kube-check/artemis-run.sh deploy/kube-check/Containerfile "$WORK/artemis-image/"
  podman build -q -t "$ARTEMIS_IMAGE" "$WORK/artemis-image" >/dev/null
fi

# --- PostgreSQL, the Secrets, the rendering ---------------------------------------------------------
pg_server "$WORK/pg" "$PG_PORT"
b64() { printf '%s' "$1" | base64 -w0; }
secret() {  # secret NAME KEY=VALUE...: a podman secret as podman 4.3's kube play reads one (JSON of base64)
  local name=$1 json="" pair; shift
  for pair in "$@"; do json+="${json:+,}\"${pair%%=*}\":\"$(b64 "${pair#*=}")\""; done
  printf '{%s}' "$json" > "$WORK/secret.json"
  podman secret rm "$name" >/dev/null 2>&1 || true
  podman secret create "$name" "$WORK/secret.json" >/dev/null
}
WEBHOOK_SECRET="whsec_kube_$RANDOM$RANDOM"; TOKEN="$(openssl rand -hex 32)"
secret payhook-database url="jdbc:postgresql://127.0.0.1:$PG_PORT/payhook" username=postgres password=unused-trusted
secret payhook-broker user=payhook password="$(openssl rand -hex 16)" cluster-password="$(openssl rand -hex 16)"
secret payhook-ops token="$TOKEN"
secret payhook-providers STRIPE_WEBHOOK_SECRET="$WEBHOOK_SECRET"
mvn -q -B -ntp test-compile org.codehaus.mojo:exec-maven-plugin:3.5.0:java -Dexec.classpathScope=test \
  -Dexec.mainClass=dev.payhook.deploy.KubePlay \
  -Dexec.args="$WORK $IMAGE $ARTEMIS_IMAGE $A $A_OPS $B $B_OPS $PRIMARY 18261 $BACKUP 18262"
maps=(); for f in "$WORK"/configmap-*.yaml; do maps+=(--configmap "$f"); done
t0=$(date +%s)
podman kube play "${maps[@]}" "$WORK/play.yaml" >/dev/null
logs() { podman logs "$1-pod-0-$2" 2>&1; }
await() {  # await SECONDS WHAT COMMAND...: until the command succeeds
  local seconds=$1 what=$2; shift 2
  for _ in $(seq 1 "$seconds"); do "$@" >/dev/null 2>&1 && return 0; sleep 1; done
  echo "$what: not within $seconds s" >&2; return 1
}
active() { logs artemis-primary artemis | grep -q AMQ221007; }
synchronized() { logs artemis-backup artemis | grep -q AMQ221024; }
await 180 "the primary broker active" active || { logs artemis-primary artemis | tail -20; exit 1; }
await 180 "the backup synchronized" synchronized || { logs artemis-backup artemis | tail -20; exit 1; }
for ops in $A_OPS $B_OPS; do
  await 240 "gateway :$ops ready" curl -sf "http://127.0.0.1:$ops/actuator/health/readiness" \
    || { logs payhook-a payhook | tail -30; exit 1; }
done
echo "played: 2 gateways ready and the broker pair synchronized $(( $(date +%s) - t0 )) s after kube play"
for pod in payhook-a artemis-primary; do
  c=$(podman ps --format '{{.Names}}' | grep "^$pod-pod-0-")
  echo "$pod runs as uid $(podman exec "$c" id -u), root file system $(podman exec "$c" touch /probe 2>/dev/null && echo writable || echo read-only)"
done

# --- the load, the broker failover and the gateway's stop -------------------------------------------
javac -d "$WORK/classes" bench/LoadGen.java bench/cluster/ClusterCheck.java
P="kube$RANDOM"
java -cp "$WORK/classes" ClusterCheck --a "http://127.0.0.1:$A" --b "http://127.0.0.1:$B" --api "http://127.0.0.1:$A_OPS" \
  --secret "$WEBHOOK_SECRET" --token "$TOKEN" --n "$N" --prefix "$P" --copies 1 --rate "$RATE" > "$WORK/load.txt" &
SENDER=$!
paid_at_least() { [ "$(paid "$P")" -ge "$1" ]; }
await 120 "a third paid" paid_at_least $((N / 3))
podman kill artemis-primary-pod-0-artemis >/dev/null
echo "primary broker killed at $(paid "$P") of $N paid"
await 120 "two thirds paid" paid_at_least $((N * 2 / 3))
s0=$(date +%s.%N)
podman stop -t 45 payhook-a-pod-0-payhook >/dev/null
stopped=$(seconds_since "$s0")
echo "gateway A: SIGTERM to exit $stopped s, exit code $(podman inspect payhook-a-pod-0-payhook --format '{{.State.ExitCode}}')"
wait "$SENDER"
ACKED=$(field "$WORK/load.txt" acknowledged)
await_paid "$P" "$ACKED" 120
line="payments=$N $(cat "$WORK/load.txt") paid=$(paid "$P") acknowledged_not_applied=$((ACKED - $(paid "$P"))) double_payments=$(double_payments "$P") double_applied=$(double_applied "$P")"
echo "under load, primary broker killed and gateway A stopped: $line"
case "$line" in
  *" acknowledged=$N "*" acknowledged_not_applied=0 double_payments=0 double_applied=0") ;;
  *) echo "kube check: failed" >&2; exit 1 ;;
esac
awk -v s="$stopped" 'BEGIN { exit !(s < 45) }' || { echo "gateway A did not stop within its grace period" >&2; exit 1; }
echo "kube check: ok"
