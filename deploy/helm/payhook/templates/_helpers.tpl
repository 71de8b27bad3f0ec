{{/*
The gateway's name: the release's when it says payhook already, else <release>-payhook.
*/}}
{{- define "payhook.fullname" -}}
{{- if contains "payhook" .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-payhook" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/*
Selector labels of one component. The name label is the gateway's name, so that two releases in
one namespace select apart while a release named payhook selects what deploy/kubernetes 1.0.0 did
(a Deployment's and a StatefulSet's selectors cannot change in place).
*/}}
{{- define "payhook.selector" -}}
app.kubernetes.io/name: {{ include "payhook.fullname" .root }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "payhook.labels" -}}
{{ include "payhook.selector" . }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/part-of: payhook
{{- end -}}

{{- define "payhook.image" -}}
{{- if .Values.image.digest -}}
{{ .Values.image.repository }}@{{ .Values.image.digest }}
{{- else -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}
{{- end -}}

{{/*
The ARTEMIS_URL of the gateway: the pair's members, failing over and back and reconnecting for
ever, or the external broker's.
*/}}
{{- define "payhook.brokerUrl" -}}
{{- if eq .Values.broker.mode "pair" -}}
{{- $n := .Values.broker.name -}}
(tcp://{{ $n }}-primary-0.{{ $n }}-primary:61616,tcp://{{ $n }}-backup-0.{{ $n }}-backup:61616)?ha=true&reconnectAttempts=-1
{{- else -}}
{{- required "broker.url is needed when broker.mode is external" .Values.broker.url -}}
{{- end -}}
{{- end -}}

{{/*
A memory quantity (Mi or Gi) in MiB.
*/}}
{{- define "payhook.mebibytes" -}}
{{- if hasSuffix "Gi" . -}}
{{- mul (trimSuffix "Gi" . | int) 1024 -}}
{{- else if hasSuffix "Mi" . -}}
{{- trimSuffix "Mi" . | int -}}
{{- else -}}
{{- fail (printf "a memory limit in Mi or Gi, not %s" .) -}}
{{- end -}}
{{- end -}}

{{/*
Spread a component's pods one a node while there are nodes to spread over; on one node they share
it. Tainted nodes (a control plane) are no place to spread to.
*/}}
{{- define "payhook.spread" -}}
topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: kubernetes.io/hostname
    whenUnsatisfiable: DoNotSchedule
    nodeTaintsPolicy: Honor
    labelSelector:
      matchLabels:
        {{- include "payhook.selector" . | nindent 8 }}
    {{- if eq .component "gateway" }}
    # each rollout's pods counted apart: the surge pod may join a node, so two nodes roll
    matchLabelKeys: [ pod-template-hash ]
    {{- end }}
{{- end -}}
