package dev.payhook.support;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** RSA key pairs generated for this test run: no private key is ever committed. */
public final class TestKeys {

    public static final KeyPair CURRENT = generate();
    public static final KeyPair PREVIOUS = generate();
    public static final KeyPair FORGER = generate();
    /** The merchant's own key, with which Payhook signs its requests to Alipay and WeChat Pay. */
    public static final KeyPair MERCHANT = generate();

    private TestKeys() {}

    /** Base64 X.509 SubjectPublicKeyInfo, as Payhook's configuration takes it. */
    public static String publicKey(KeyPair pair) {
        return Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
    }

    /** Base64 PKCS#8, as Payhook's {@code api.private-key} takes it. */
    public static String privateKey(KeyPair pair) {
        return Base64.getEncoder().encodeToString(pair.getPrivate().getEncoded());
    }

    private static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
