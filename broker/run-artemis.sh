#!/usr/bin/env bash
# Fetches the Artemis distribution from Maven Central, creates a broker instance with Payhook's
# broker.xml, and runs it in the foreground.
# Then start Payhook with: SPRING_PROFILES_ACTIVE=standalone-broker mvn spring-boot:run
#   ARTEMIS_PASSWORD   required; ARTEMIS_USER (payhook)
#   ARTEMIS_INSTANCE   where the instance and its journal live (broker/instance)
#   ARTEMIS_PORT       the CORE acceptor's port (61616); ARTEMIS_HTTP_PORT the web console's (8161)
#   ARTEMIS_HA         primary | backup: run that member of a replication pair (broker/ha/, written by
#                      ha-pair.sh) instead of the single broker; then also
#     ARTEMIS_PEER               the other member, tcp://host:port (required)
#     ARTEMIS_SELF               how the other member reaches this one (tcp://127.0.0.1:ARTEMIS_PORT)
#     ARTEMIS_CLUSTER_PASSWORD   the same on both members (required)
set -euo pipefail
cd "$(dirname "$0")"
VERSION="${ARTEMIS_VERSION:-2.40.0}"
USER_NAME="${ARTEMIS_USER:-payhook}"
PASSWORD="${ARTEMIS_PASSWORD:?set ARTEMIS_PASSWORD}"
INSTANCE="${ARTEMIS_INSTANCE:-instance}"
HOME_DIR="dist/apache-artemis-$VERSION"

if [ ! -x "$HOME_DIR/bin/artemis" ]; then
  mkdir -p dist
  mvn -q dependency:copy -Dartifact="org.apache.activemq:apache-artemis:$VERSION:tar.gz:bin" -DoutputDirectory=dist
  tar -xzf "dist/apache-artemis-$VERSION-bin.tar.gz" -C dist
fi
if [ ! -d "$INSTANCE" ]; then
  "$HOME_DIR/bin/artemis" create "$INSTANCE" --host 127.0.0.1 --http-host 127.0.0.1 \
    --http-port "${ARTEMIS_HTTP_PORT:-8161}" --user "$USER_NAME" --password "$PASSWORD" \
    --role payhook --require-login --silent
fi
# broker.xml reads its acceptor's host and port from these system properties
JAVA_ARGS_APPEND="${JAVA_ARGS_APPEND:-} -Dpayhook.broker.port=${ARTEMIS_PORT:-61616}"
case "${ARTEMIS_HA:-}" in
  "") cp broker.xml "$INSTANCE/etc/broker.xml" ;;
  primary|backup)
    cp "ha/$ARTEMIS_HA.xml" "$INSTANCE/etc/broker.xml"
    JAVA_ARGS_APPEND="$JAVA_ARGS_APPEND -Dpayhook.broker.self=${ARTEMIS_SELF:-tcp://127.0.0.1:${ARTEMIS_PORT:-61616}}"
    JAVA_ARGS_APPEND="$JAVA_ARGS_APPEND -Dpayhook.broker.peer=${ARTEMIS_PEER:?set ARTEMIS_PEER}"
    JAVA_ARGS_APPEND="$JAVA_ARGS_APPEND -Dpayhook.broker.cluster-password=${ARTEMIS_CLUSTER_PASSWORD:?set ARTEMIS_CLUSTER_PASSWORD}"
    ;;
  *) echo "ARTEMIS_HA is primary or backup, not $ARTEMIS_HA" >&2; exit 2 ;;
esac
export JAVA_ARGS_APPEND
exec "$INSTANCE/bin/artemis" run
