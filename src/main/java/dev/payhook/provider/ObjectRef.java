package dev.payhook.provider;

/**
 * The object a thin notification names (docs/DESIGN.md §4.3): it carries no facts, so processing
 * fetches the object from the provider's API before anything is read.
 *
 * @param type the provider's word for the object ({@code payment}, {@code payment_intent})
 * @param id the provider's id of it
 * @param path where the provider's API answers it, relative to the API's base URL; null when the
 *     API client knows the path by the type
 */
public record ObjectRef(String type, String id, String path) {}
