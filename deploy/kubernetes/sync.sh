#!/usr/bin/env bash
# Copies into deploy/kubernetes what Kustomize may not read from outside it: broker/ha's pair into
# base/broker/, and ops/prometheus/alerts.yml into components/prometheusrule/prometheusrule.yaml.
# Run it after broker/ha-pair.sh or an edit of the alert rules, and commit its output:
#   deploy/kubernetes/sync.sh           rewrite them
#   deploy/kubernetes/sync.sh --check   exit 1 when they are not what the sources make
set -euo pipefail
cd "$(dirname "$0")"
rule() {
  cat <<'HEAD'
# Written by deploy/kubernetes/sync.sh from ops/prometheus/alerts.yml: edit that one.
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  name: payhook
  labels: { app.kubernetes.io/name: payhook }
spec:
HEAD
  grep -v '^#' ../../ops/prometheus/alerts.yml | sed 's/^/  /; s/^  $//'
}
if [ "${1:-}" = --check ]; then
  cmp -s ../../broker/ha/primary.xml base/broker/primary.xml && cmp -s ../../broker/ha/backup.xml base/broker/backup.xml \
    && cmp -s <(rule) components/prometheusrule/prometheusrule.yaml \
    || { echo "deploy/kubernetes is not what broker/ha and ops/prometheus make: run deploy/kubernetes/sync.sh" >&2; exit 1; }
  exit 0
fi
cp ../../broker/ha/primary.xml ../../broker/ha/backup.xml base/broker/
rule > components/prometheusrule/prometheusrule.yaml
