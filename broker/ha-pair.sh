#!/usr/bin/env bash
# Writes the two members of an Artemis replication pair, broker/ha/primary.xml and backup.xml, from
# broker/broker.xml: the address settings, addresses, security and acceptor stay broker.xml's own;
# added before the acceptors are the connectors of both members, the cluster credentials, the cluster
# connection and the HA policy (replication; a primary that comes back after a failover finds the
# active server and becomes its backup: no failback, so clients fail over once, not twice).
# Each member reads, as system properties (run-artemis.sh sets them from ARTEMIS_* variables):
#   payhook.broker.self              how the other member reaches this one (tcp://host:port)
#   payhook.broker.peer              how this one reaches the other member
#   payhook.broker.cluster-password  the same on both members (the cluster user is payhook-cluster)
# Run it after every change to broker.xml, then deploy/kubernetes/sync.sh, and commit their output:
#   broker/ha-pair.sh            rewrite broker/ha/
#   broker/ha-pair.sh --check    exit 1 when broker/ha/ is not what broker.xml makes
set -euo pipefail
cd "$(dirname "$0")"

member() {  # member primary|backup: that member's broker.xml on standard output
  local policy
  if [ "$1" = primary ]; then
    policy="<primary><check-for-active-server>true</check-for-active-server></primary>"
  else
    policy="<backup><allow-failback>false</allow-failback></backup>"
  fi
  grep -q '^    <acceptors>$' broker.xml || { echo "broker.xml has no <acceptors> to put the HA settings before" >&2; exit 1; }
  awk -v policy="$policy" -v role="$1" '
    /^<!-- A standalone Artemis/ && !done_comment {
      print "<!-- The " role " of a replication pair, written by broker/ha-pair.sh from broker/broker.xml: edit that one. -->"
      done_comment = 1
    }
    $0 == "    <acceptors>" {
      print "    <connectors>"
      print "      <connector name=\"self\">${payhook.broker.self}</connector>"
      print "      <connector name=\"peer\">${payhook.broker.peer}</connector>"
      print "    </connectors>"
      print "    <cluster-user>payhook-cluster</cluster-user>"
      print "    <cluster-password>${payhook.broker.cluster-password}</cluster-password>"
      print "    <ha-policy><replication>" policy "</replication></ha-policy>"
      print "    <cluster-connections>"
      print "      <cluster-connection name=\"payhook\">"
      print "        <connector-ref>self</connector-ref>"
      print "        <message-load-balancing>OFF</message-load-balancing>"
      print "        <static-connectors><connector-ref>peer</connector-ref></static-connectors>"
      print "      </cluster-connection>"
      print "    </cluster-connections>"
      print ""
    }
    { print }
  ' broker.xml
}

if [ "${1:-}" = --check ]; then
  for role in primary backup; do
    member "$role" | cmp -s - "ha/$role.xml" || { echo "broker/ha/$role.xml is not what broker/ha-pair.sh makes of broker.xml" >&2; exit 1; }
  done
  exit 0
fi
mkdir -p ha
for role in primary backup; do member "$role" > "ha/$role.xml"; done
