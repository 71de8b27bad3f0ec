package dev.payhook.outbox;

/**
 * Every message on payhook.events, and so every HTTP delivery's body: what happened ({@code type}),
 * when Payhook wrote it ({@code timestamp}, ISO-8601), and what it is about ({@code data}, whose
 * fields the type decides). docs/events/ holds a JSON Schema per type and docs/asyncapi.yaml
 * describes the address.
 */
public record EventMessage(String type, String timestamp, Object data) {}
