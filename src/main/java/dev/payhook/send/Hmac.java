package dev.payhook.send;

import dev.payhook.provider.Signatures;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;

/** HMAC-SHA256 as the providers sign with it (the verifiers' own function), written out as they write it. */
final class Hmac {

    private Hmac() {}

    static byte[] sha256(byte[] key, String prefix, byte[] body) {
        return Signatures.hmacSha256(key, prefix, body);
    }

    static String hex(String secret, String prefix, byte[] body) {
        return HexFormat.of().formatHex(sha256(secret.getBytes(StandardCharsets.UTF_8), prefix, body));
    }

    static String base64(byte[] key, String text) {
        return Base64.getEncoder().encodeToString(sha256(key, text, new byte[0]));
    }
}
