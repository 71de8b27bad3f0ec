package dev.payhook.provider;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** The JDK crypto the HMAC schemes share: signing the exact bytes, comparing in constant time, freshness. */
public final class Signatures {

    /** Up to 12 digits: every second until the year 33658. */
    private static final Pattern UNIX_SECONDS = Pattern.compile("[0-9]{1,12}");

    private Signatures() {}

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
            given = HexFormat.of().parseHex(hex.toLowerCase(Locale.ROOT));
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

    /**
     * Rejects a signed timestamp (Unix seconds) that lies further than {@code tolerance} from now:
     * replay protection. Only plain digits are a timestamp; a sign, an exponent or more digits than
     * any real time has is malformed, so no value can overflow the arithmetic below.
     */
    public static void requireFresh(String unixSeconds, Clock clock, Duration tolerance) {
        String digits = unixSeconds == null ? "" : unixSeconds.trim();
        if (!UNIX_SECONDS.matcher(digits).matches()) {
            throw new WebhookRejected("malformed_timestamp");
        }
        Duration skew = Duration.between(Instant.ofEpochSecond(Long.parseLong(digits)), clock.instant())
                .abs();
        if (skew.compareTo(tolerance) > 0) {
            throw new WebhookRejected("timestamp_outside_tolerance");
        }
    }

    public static String required(WebhookRequest request, String header) {
        String value = request.header(header);
        if (value == null || value.isBlank()) {
            throw new WebhookRejected(
                    "missing_" + header.toLowerCase(Locale.ROOT).replace('-', '_') + "_header");
        }
        return value;
    }
}
