package dev.payhook.processing;

import java.util.UUID;

/** The delivery being processed, as the evidence step recorded it. */
public record Receipt(UUID id, String provider) {}
