package dev.payhook.processing;

import java.time.Instant;
import java.util.UUID;

/** The delivery being processed, as the evidence step recorded it; received when the ingress accepted it. */
public record Receipt(UUID id, String provider, Instant receivedAt) {}
