#!/usr/bin/env bash
# deploy/kubernetes and deploy/helm/payhook from their sources; run it after an edit of the chart,
# of broker/broker.xml (after broker/ha-pair.sh) or of ops/prometheus/alerts.yml, and commit its output:
#   deploy/kubernetes/sync.sh           rewrite them
#   deploy/kubernetes/sync.sh --check   exit 1 when the copies are not what the sources make
# The copies: broker/ha's pair into the chart's files/broker/ and into base/broker/ (Kustomize reads
# nothing outside its folder), ops/prometheus/alerts.yml into the chart's files/. The rendering:
# base/payhook.yaml and the two components are the chart rendered in-process (helm-java, through
# Maven: no helm binary); KustomizeFromChartTest fails when they are not.
set -euo pipefail
cd "$(dirname "$0")"
CHART=../helm/payhook
copies() {  # copies SOURCE TARGET...
  local source=$1; shift
  for target in "$@"; do
    if [ "$MODE" = check ]; then
      cmp -s "$source" "$target" || { echo "$target is not $source: run deploy/kubernetes/sync.sh" >&2; return 1; }
    else
      cp "$source" "$target"
    fi
  done
}
MODE=write
[ "${1:-}" = --check ] && MODE=check
copies ../../broker/ha/primary.xml base/broker/primary.xml $CHART/files/broker/primary.xml
copies ../../broker/ha/backup.xml base/broker/backup.xml $CHART/files/broker/backup.xml
copies ../../ops/prometheus/alerts.yml $CHART/files/alerts.yml
[ "$MODE" = check ] && exit 0
cd ../..
mvn -q -B -ntp test-compile org.codehaus.mojo:exec-maven-plugin:3.5.0:java \
  -Dexec.mainClass=dev.payhook.deploy.HelmChart -Dexec.classpathScope=test
