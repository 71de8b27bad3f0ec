package dev.payhook.config;

/** A route file's routes were replaced while the gateway ran: what follows the routes looks again. */
public record RoutesReloaded(String file) {}
