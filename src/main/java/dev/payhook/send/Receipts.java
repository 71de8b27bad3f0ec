package dev.payhook.send;

/**
 * Which of a provider's receipts {@code send} waits for: those of an event id or an order
 * ({@code by}, {@code value}), or with a body of one's own ({@code by} null) the provider's next.
 */
record Receipts(String provider, String by, String value) {}
