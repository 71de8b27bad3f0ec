package dev.payhook.provider.wechatpay;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A notification's resource, AEAD_AES_256_GCM with the API v3 key, its nonce and its associated
 * data: how the gateway decrypts it and {@code send} encrypts one.
 */
public final class WechatPayResource {

    private WechatPayResource() {}

    static Cipher cipher(int mode, SecretKeySpec key, String nonce, String associatedData)
            throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key, new GCMParameterSpec(128, nonce.getBytes(StandardCharsets.UTF_8)));
        if (associatedData != null) {
            cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
        }
        return cipher;
    }

    static SecretKeySpec key(String apiV3Key) {
        return new SecretKeySpec(apiV3Key.getBytes(StandardCharsets.UTF_8), "AES");
    }

    /** The base64 ciphertext of {@code plaintext}, as WeChat Pay writes a resource's. */
    public static String encrypt(String apiV3Key, String nonce, String associatedData, String plaintext)
            throws GeneralSecurityException {
        return Base64.getEncoder()
                .encodeToString(cipher(Cipher.ENCRYPT_MODE, key(apiV3Key), nonce, associatedData)
                        .doFinal(plaintext.getBytes(StandardCharsets.UTF_8)));
    }
}
