package dev.payhook.provider;

import java.util.Locale;

/** An HTTP answer in the provider's convention. */
public record Acknowledgement(int status, String contentType, String body) {

    public static Acknowledgement empty(int status) {
        return new Acknowledgement(status, null, "");
    }

    public static Acknowledgement json(int status, String body) {
        return new Acknowledgement(status, "application/json", body);
    }

    public static Acknowledgement text(int status, String body) {
        return new Acknowledgement(status, "text/plain;charset=utf-8", body);
    }

    /** A refusal with a machine-readable reason; reasons never carry secrets or signatures. */
    public static Acknowledgement jsonError(int status, String reason) {
        return json(status, "{\"error\":\"" + reason + "\"}");
    }

    /** Exactly {@code application/json}, parameters aside: {@code application/jsonx} is not JSON. */
    public static boolean isJson(String contentType) {
        return isMediaType(contentType, "application/json");
    }

    /** Whether {@code contentType} names {@code mediaType}, whatever parameters ({@code ;charset=..}) follow. */
    public static boolean isMediaType(String contentType, String mediaType) {
        return contentType != null
                && contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT).equals(mediaType);
    }
}
