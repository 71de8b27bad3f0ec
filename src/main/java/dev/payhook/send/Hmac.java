package dev.payhook.send;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HMAC-SHA256 as the providers sign with it. */
final class Hmac {

    private Hmac() {}

    static byte[] sha256(byte[] key, String prefix, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(prefix.getBytes(StandardCharsets.UTF_8));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static String hex(String secret, String prefix, byte[] body) {
        return HexFormat.of().formatHex(sha256(secret.getBytes(StandardCharsets.UTF_8), prefix, body));
    }

    static String base64(byte[] key, String text) {
        return Base64.getEncoder().encodeToString(sha256(key, text, new byte[0]));
    }
}
