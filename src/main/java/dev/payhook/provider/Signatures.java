package dev.payhook.provider;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** The JDK crypto the HMAC schemes share: signing the exact bytes, comparing in constant time, freshness. */
public final class Signatures {

    private Signatures() {
    }

    /** HMAC-SHA256 over {@code prefix} (ASCII) followed by the raw body, never a re-encoded copy of it. */
    public static byte[] hmacSha256(byte[] key, String prefix, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(prefix.getBytes(StandardCharsets.UTF_8));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    /** Constant-time comparison of an expected MAC with a hex string from a header. */
    public static boolean matchesHex(byte[] expected, String hex) {
        byte[] given;
        try {
            given = HexFormat.of().parseHex(hex.toLowerCase());
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(expected, given);
    }

    /** Constant-time comparison of an expected MAC with a base64 string from a header. */
    public static boolean matchesBase64(byte[] expected, String base64) {
        byte[] given;
        try {
            given = java.util.Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(expected, given);
    }

    /** Rejects a signed timestamp (Unix seconds) that lies further than {@code tolerance} from now: replay protection. */
    public static void requireFresh(String unixSeconds, Clock clock, Duration tolerance) {
        long ts;
        try {
            ts = Long.parseLong(unixSeconds.trim());
        } catch (NumberFormatException | NullPointerException e) {
            throw new WebhookRejected("malformed_timestamp");
        }
        Duration skew = Duration.between(Instant.ofEpochSecond(ts), clock.instant()).abs();
        if (skew.compareTo(tolerance) > 0) {
            throw new WebhookRejected("timestamp_outside_tolerance");
        }
    }

    public static String required(WebhookRequest request, String header) {
        String value = request.header(header);
        if (value == null || value.isBlank()) {
            throw new WebhookRejected("missing_" + header.toLowerCase().replace('-', '_') + "_header");
        }
        return value;
    }
}
