#!/usr/bin/env python3
"""Writes the broker.xml of one member of an Artemis replication pair from broker/broker.xml.

usage: ha-broker.py primary|backup OWN_PORT OTHER_PORT CLUSTER_PASSWORD < broker.xml > instance/etc/broker.xml

The address settings, addresses and security stay broker/broker.xml's own; only the acceptor's port,
the connectors of both members, the cluster credentials, the cluster connection and the HA policy
(replication; a primary that returns after a failover checks for the active server and becomes its
backup: no failback, so clients fail over once, not twice) are added.
"""
import sys

role, own, other, password = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
xml = sys.stdin.read()
xml = xml.replace("tcp://${payhook.broker.host:127.0.0.1}:${payhook.broker.port:61616}", "tcp://127.0.0.1:" + own, 1)
policy = (
    "<primary><check-for-active-server>true</check-for-active-server></primary>"
    if role == "primary"
    else "<backup><allow-failback>false</allow-failback></backup>"
)
ha = f"""
    <connectors>
      <connector name="self">tcp://127.0.0.1:{own}</connector>
      <connector name="other">tcp://127.0.0.1:{other}</connector>
    </connectors>
    <cluster-user>payhook-cluster</cluster-user>
    <cluster-password>{password}</cluster-password>
    <ha-policy><replication>{policy}</replication></ha-policy>
    <cluster-connections>
      <cluster-connection name="payhook">
        <connector-ref>self</connector-ref>
        <message-load-balancing>OFF</message-load-balancing>
        <static-connectors><connector-ref>other</connector-ref></static-connectors>
      </cluster-connection>
    </cluster-connections>
"""
anchor = "    <acceptors>"
if anchor not in xml:
    sys.exit("broker.xml has no <acceptors> to put the HA settings before")
sys.stdout.write(xml.replace(anchor, ha + anchor, 1))
