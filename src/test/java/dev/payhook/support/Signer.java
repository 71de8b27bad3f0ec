package dev.payhook.support;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Signs test requests the way each provider documents it, independently of Payhook's verifier. */
public final class Signer {

    private Signer() {
    }

    public static String stripe(String secret, long timestamp, byte[] body) {
        return "t=" + timestamp + ",v1=" + hex(secret.getBytes(StandardCharsets.UTF_8), timestamp + ".", body);
    }

    public static String paddle(String secret, long timestamp, byte[] body) {
        return "ts=" + timestamp + ";h1=" + hex(secret.getBytes(StandardCharsets.UTF_8), timestamp + ":", body);
    }

    public static String standardWebhooks(String whsecSecret, String id, long timestamp, byte[] body) {
        byte[] key = Base64.getDecoder().decode(whsecSecret.substring("whsec_".length()));
        return "v1," + Base64.getEncoder().encodeToString(mac(key, id + "." + timestamp + ".", body));
    }

    private static String hex(byte[] key, String prefix, byte[] body) {
        return HexFormat.of().formatHex(mac(key, prefix, body));
    }

    private static byte[] mac(byte[] key, String prefix, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(prefix.getBytes(StandardCharsets.UTF_8));
            return mac.doFinal(body);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
