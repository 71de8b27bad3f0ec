#!/usr/bin/env bash
# Fetches the Artemis distribution from Maven Central, creates a broker instance under
# broker/instance with Payhook's broker.xml, and runs it in the foreground.
# Then start Payhook with: SPRING_PROFILES_ACTIVE=standalone-broker mvn spring-boot:run
set -euo pipefail
cd "$(dirname "$0")"
VERSION="${ARTEMIS_VERSION:-2.40.0}"
USER_NAME="${ARTEMIS_USER:-payhook}"
PASSWORD="${ARTEMIS_PASSWORD:?set ARTEMIS_PASSWORD}"
HOME_DIR="dist/apache-artemis-$VERSION"

if [ ! -x "$HOME_DIR/bin/artemis" ]; then
  mkdir -p dist
  mvn -q dependency:copy -Dartifact="org.apache.activemq:apache-artemis:$VERSION:tar.gz:bin" -DoutputDirectory=dist
  tar -xzf "dist/apache-artemis-$VERSION-bin.tar.gz" -C dist
fi
if [ ! -d instance ]; then
  "$HOME_DIR/bin/artemis" create instance --host 127.0.0.1 --http-host 127.0.0.1 \
    --user "$USER_NAME" --password "$PASSWORD" --role payhook --require-login --silent
fi
cp broker.xml instance/etc/broker.xml
exec instance/bin/artemis run
