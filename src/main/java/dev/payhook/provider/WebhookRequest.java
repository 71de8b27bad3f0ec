package dev.payhook.provider;

import java.util.Map;

/** The raw bytes a provider sent, with the request headers (names in lower case). */
public record WebhookRequest(String provider, byte[] body, Map<String, String> headers) {

    public String header(String name) {
        return headers.get(name);
    }
}
