package dev.payhook.provider;

import java.io.ByteArrayInputStream;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/** RSA public keys as providers publish them, and SHA256withRSA verification with the JDK. */
public final class RsaKeys {

    private RsaKeys() {}

    /**
     * Base64 X.509 SubjectPublicKeyInfo, a PEM public key, or a PEM certificate. A key that cannot
     * be read stops start-up with a message naming the setting (the key itself is not repeated).
     */
    public static PublicKey parse(String text, String setting) {
        String t = text.trim();
        try {
            if (t.contains("BEGIN CERTIFICATE")) {
                return CertificateFactory.getInstance("X.509")
                        .generateCertificate(
                                new ByteArrayInputStream(t.getBytes(java.nio.charset.StandardCharsets.US_ASCII)))
                        .getPublicKey();
            }
            String base64 = t.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
            return KeyFactory.getInstance("RSA")
                    .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException(
                    setting + " is not an RSA public key (base64 X.509, PEM key or PEM certificate): "
                            + e.getClass().getSimpleName());
        }
    }

    /**
     * A merchant's private key: base64 PKCS#8, or PEM ("BEGIN PRIVATE KEY"). A key that cannot be
     * read stops start-up with a message naming the setting, never the key.
     */
    public static PrivateKey privateKey(String text, String setting) {
        String base64 = text.trim().replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        try {
            return KeyFactory.getInstance("RSA")
                    .generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException(setting + " is not an RSA private key (base64 PKCS#8 or PEM): "
                    + e.getClass().getSimpleName());
        }
    }

    /** SHA256withRSA over {@code content}, in base64: how Alipay and WeChat Pay want requests signed. */
    public static String sign(PrivateKey key, byte[] content) {
        try {
            Signature signer = Signature.getInstance("SHA256withRSA");
            signer.initSign(key);
            signer.update(content);
            return Base64.getEncoder().encodeToString(signer.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(
                    "cannot sign with SHA256withRSA: " + e.getClass().getSimpleName());
        }
    }

    /** SHA256withRSA over {@code signed}, the signature given in base64; false for anything malformed. */
    public static boolean verifies(PublicKey key, byte[] signed, String base64Signature) {
        try {
            Signature verifier = Signature.getInstance("SHA256withRSA");
            verifier.initVerify(key);
            verifier.update(signed);
            return verifier.verify(Base64.getDecoder().decode(base64Signature.trim()));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }
}
