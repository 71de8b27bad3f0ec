#!/usr/bin/env bash
# The image runs here: builds a JRE base image without a registry (a Debian trixie minbase root made
# with debootstrap plus Debian's JRE 25, the Java of the image's own base, cached under
# ~/.cache/payhook), builds Payhook's image with Jib on that tar:// base, loads it into podman,
# starts it on embedded defaults, sends a signed Stripe webhook for a registered order, reads the
# order back as paid, stops it with SIGTERM and checks it exited within the stop bound. Prints the
# image size and the start-to-healthy time.
# Needs podman, runc and debootstrap (Debian packages) and root for debootstrap; see
# ../shared/containers.md for why runc, cgroupfs and host networking.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${PORT:-18180}"; OPS_PORT="${OPS_PORT:-18181}"; PG_PORT="${PG_PORT:-15440}"
STOP_BOUND_S=30   # payhook's graceful stop bound (spring.lifecycle.timeout-per-shutdown-phase, config/application.yml)
NAME="payhook-image-check-$$"
WORK="$(mktemp -d)"
. deploy/podman.sh
trap 'podman rm -f -v "$NAME" >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT

BASE="$(base_image 25 trixie)"

VERSION=$(sed -n 's|^  <version>\(.*\)</version>$|\1|p' pom.xml | head -1)   # the project's own, two spaces in
IMAGE="localhost/payhook:$VERSION"
build() { mvn -q -B -ntp -Pimage -DskipTests "$@" package -Djib.from.image="tar://$BASE" -Dimage="$IMAGE"; }
build clean; first=$(cat target/jib-image.digest)
build clean; second=$(cat target/jib-image.digest)   # each compiled from nothing
echo "image digest $second, the same from two builds"
[ "$first" = "$second" ] || { echo "two builds gave two digests: $first, $second" >&2; exit 1; }
podman load -q -i target/jib-image.tar >/dev/null
size=$(podman image inspect "$IMAGE" --format '{{.Size}}')
echo "image $IMAGE: $((size / 1024 / 1024)) MB ($(du -m target/jib-image.tar | cut -f1) MB as a tar, base included)"

SECRET="whsec_imagecheck_$RANDOM$RANDOM"
TOKEN="$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
t0=$(date +%s.%N)
podman run -d --name "$NAME" --network=host \
  -e SERVER_PORT="$PORT" -e PAYHOOK_OPS_PORT="$OPS_PORT" -e PAYHOOK_EMBEDDEDPOSTGRES_PORT="$PG_PORT" \
  -e STRIPE_WEBHOOK_SECRET="$SECRET" -e PAYHOOK_OPS_TOKEN="$TOKEN" \
  "$IMAGE" >/dev/null
await_ready "$NAME" "$OPS_PORT" || exit 1
healthy=$(seconds_since "$t0")
echo "start to healthy (readiness UP) in the container: $healthy s"
# the image's Java and its options: 25 with compact object headers (pom.xml's jvmFlags)
java_line=$(podman exec "$NAME" java -version 2>&1 | sed -n 1p)   # sed reads to the end: no SIGPIPE under pipefail
echo "java in the image: $java_line"
case "$java_line" in *'"25.'*) ;; *) echo "the image runs $java_line, not Java 25" >&2; exit 1 ;; esac
podman exec "$NAME" cat /proc/1/cmdline | tr '\0' ' ' | grep -q -- '-XX:+UseCompactObjectHeaders' \
  || { echo "the gateway runs without compact object headers" >&2; exit 1; }
user=$(podman exec "$NAME" id -u)
[ "$user" != 0 ] || { echo "the gateway runs as root in the image" >&2; exit 1; }
# the image checks a routes folder without starting a gateway
podman run --rm --network=none "$IMAGE" check /app/routes >/dev/null \
  || { echo "payhook check /app/routes failed in the image" >&2; exit 1; }
# /app/routes holds only the integrator's files, and the jar's are there to copy from
podman exec "$NAME" test -f /app/resources/routes/types/stripe.yaml \
  || { echo "the jar's type tables are not readable in /app/resources/routes/" >&2; exit 1; }
[ "$(podman exec "$NAME" ls /app/routes)" = README ] || { echo "/app/routes holds more than its README" >&2; exit 1; }

order="ord-image-$RANDOM"
registered=$(curl -s -o /dev/null -w '%{http_code}' -X PUT -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
  -d '{"amount_minor":1050,"currency":"USD","sku":"image-check","customer_id":"c-image-check"}' \
  "http://127.0.0.1:$OPS_PORT/api/orders/$order")
[ "$registered" = 201 ] || { echo "registering order $order answered $registered" >&2; exit 1; }
event="evt_image_$RANDOM$RANDOM"; ts=$(date +%s)
body=$(printf '{"id":"%s","object":"event","type":"payment_intent.succeeded","created":%s,"livemode":false,"data":{"object":{"id":"pi_%s","object":"payment_intent","amount":1050,"amount_received":1050,"currency":"usd","status":"succeeded","metadata":{"order_id":"%s"}}}}' \
  "$event" "$ts" "$event" "$order")
sig=$(printf '%s.%s' "$ts" "$body" | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //')
answer=$(curl -s -w ' %{http_code}' -H "Stripe-Signature: t=$ts,v1=$sig" -H 'Content-Type: application/json' \
  --data-binary "$body" "http://127.0.0.1:$PORT/webhooks/stripe")
echo "webhook answered: $answer"
status=""
for _ in $(seq 1 100); do
  status=$(curl -sf -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$OPS_PORT/api/orders/$order" \
    | grep -o '"status":"[a-z_]*"' | head -1 | cut -d'"' -f4)   # the order's own, first in its view
  [ "$status" = paid ] && break
  sleep 0.2
done
echo "order $order: $status"
[ "$status" = paid ] || { podman logs "$NAME" | tail -30; exit 1; }

s0=$(date +%s.%N)
podman stop -t "$STOP_BOUND_S" "$NAME" >/dev/null
stopped=$(seconds_since "$s0")
code=$(podman inspect "$NAME" --format '{{.State.ExitCode}}')
echo "SIGTERM to exit: $stopped s, exit code $code (bound $STOP_BOUND_S s)"
awk -v s="$stopped" -v b="$STOP_BOUND_S" 'BEGIN { exit !(s < b) }' || { echo "it did not stop within the bound" >&2; exit 1; }
[ "$code" = 0 ] || [ "$code" = 143 ] || { podman logs "$NAME" | tail -30; exit 1; }
echo "image check: ok"
