package dev.payhook.provider;

import java.io.ByteArrayInputStream;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
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
