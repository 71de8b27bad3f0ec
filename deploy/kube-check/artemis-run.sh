#!/bin/bash
# The entrypoint of the Artemis image deploy/kube-check.sh builds from the Maven Central
# distribution, where no registry serves apache/activemq-artemis: the same contract as that image's
# docker-run.sh (ARTEMIS_USER, ARTEMIS_PASSWORD, EXTRA_ARGS, etc-override/ copied into a new
# instance, JAVA_ARGS_APPEND), so that the chart's broker pods run unchanged.
set -e
cd /var/lib/artemis-instance
if ! [ -f ./etc/broker.xml ]; then
  /opt/activemq-artemis/bin/artemis create --user "$ARTEMIS_USER" --password "$ARTEMIS_PASSWORD" \
    --silent --require-login $EXTRA_ARGS .
  if [ -d ./etc-override ]; then
    for file in ./etc-override/*; do cp "$file" ./etc/ || :; done
  fi
fi
exec ./bin/artemis "$@"
