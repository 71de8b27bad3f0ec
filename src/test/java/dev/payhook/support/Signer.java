package dev.payhook.support;

import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.Signature;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/** Signs test requests the way each provider documents it, independently of Payhook's verifier. */
public final class Signer {

    private Signer() {}

    public static String stripe(String secret, long timestamp, byte[] body) {
        return "t=" + timestamp + ",v1=" + hex(secret.getBytes(StandardCharsets.UTF_8), timestamp + ".", body);
    }

    public static String paddle(String secret, long timestamp, byte[] body) {
        return "ts=" + timestamp + ";h1=" + hex(secret.getBytes(StandardCharsets.UTF_8), timestamp + ":", body);
    }

    /** Razorpay's: hex HMAC-SHA256 of the raw body alone. */
    public static String razorpay(String secret, byte[] body) {
        return hex(secret.getBytes(StandardCharsets.UTF_8), "", body);
    }

    public static String standardWebhooks(String whsecSecret, String id, long timestamp, byte[] body) {
        byte[] key = Base64.getDecoder().decode(whsecSecret.substring("whsec_".length()));
        return "v1," + Base64.getEncoder().encodeToString(mac(key, id + "." + timestamp + ".", body));
    }

    /** Adyen: base64 HMAC-SHA256 with the hex-decoded key over the colon-joined item fields. */
    public static String adyen(String hexKey, String signedFields) {
        return Base64.getEncoder().encodeToString(mac(HexFormat.of().parseHex(hexKey), signedFields, new byte[0]));
    }

    /** eSewa: base64 HMAC-SHA256 with the secret key (as text) over the {@code name=value,...} message. */
    public static String esewa(String secret, String message) {
        return Base64.getEncoder().encodeToString(mac(secret.getBytes(StandardCharsets.UTF_8), message, new byte[0]));
    }

    /** SHA256withRSA, base64: Alipay's RSA2 over its sorted parameters, WeChat Pay's over ts, nonce and body. */
    public static String rsa(PrivateKey key, byte[] content) {
        try {
            Signature signer = Signature.getInstance("SHA256withRSA");
            signer.initSign(key);
            signer.update(content);
            return Base64.getEncoder().encodeToString(signer.sign());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** WeChat Pay's resource encryption: AEAD_AES_256_GCM with the API v3 key, base64 ciphertext and tag. */
    public static String aesGcm(String apiV3Key, String nonce, String associatedData, byte[] plaintext) {
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(
                    Cipher.ENCRYPT_MODE,
                    new SecretKeySpec(apiV3Key.getBytes(StandardCharsets.UTF_8), "AES"),
                    new GCMParameterSpec(128, nonce.getBytes(StandardCharsets.UTF_8)));
            cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(cipher.doFinal(plaintext));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
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
