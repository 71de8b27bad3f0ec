package dev.payhook.provider.paypal;

import dev.payhook.provider.RsaKeys;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.Signatures;
import dev.payhook.provider.WebhookRejected;
import dev.payhook.provider.WebhookRequest;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * PayPal's webhook signature: SHA256withRSA over {@code transmission_id|transmission_time|webhook_id|
 * crc32(raw body)} (the CRC as an unsigned decimal), with a certificate valid at the transmission
 * time, which must lie within the tolerance of now.
 */
public final class PaypalSignature implements SignatureScheme {

    static final String ID = "paypal-transmission-id";
    static final String TIME = "paypal-transmission-time";
    static final String SIG = "paypal-transmission-sig";
    static final String CERT_URL = "paypal-cert-url";
    static final String ALGO = "paypal-auth-algo";

    private final String webhookId;
    private final PaypalCertificates certificates;
    private final Duration tolerance;
    private final Clock clock;

    PaypalSignature(String webhookId, PaypalCertificates certificates, Duration tolerance, Clock clock) {
        this.webhookId = webhookId.trim();
        this.certificates = certificates;
        this.tolerance = tolerance;
        this.clock = clock;
    }

    @Override
    public Set<String> headerNames() {
        return Set.of(ID, TIME, SIG, CERT_URL, ALGO, "paypal-auth-version");
    }

    @Override
    public void verify(WebhookRequest request) {
        String id = Signatures.required(request, ID).trim();
        String time = Signatures.required(request, TIME).trim();
        String sig = Signatures.required(request, SIG).trim();
        String certUrl = Signatures.required(request, CERT_URL);
        String algo = request.header(ALGO);
        if (algo != null && !algo.trim().equalsIgnoreCase("SHA256withRSA")) {
            throw new WebhookRejected("unsupported_signature_algorithm");
        }
        Instant sent;
        try {
            sent = Instant.parse(time);
        } catch (DateTimeParseException e) {
            throw new WebhookRejected("malformed_signature_header");
        }
        if (Duration.between(sent, clock.instant()).abs().compareTo(tolerance) > 0) {
            throw new WebhookRejected("timestamp_outside_tolerance");
        }
        byte[] signature;
        try {
            signature = Base64.getDecoder().decode(sig);
        } catch (IllegalArgumentException e) {
            throw new WebhookRejected("malformed_signature_header");
        }
        byte[] signed = signedText(id, time, webhookId, request.body());
        for (X509Certificate cert : certificates.candidates(certUrl)) {
            if (validAt(cert, sent) && verifies(cert, signed, signature)) {
                return;
            }
        }
        throw new WebhookRejected("signature_mismatch");
    }

    private static byte[] signedText(String id, String time, String webhookId, byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return (id + "|" + time + "|" + webhookId + "|" + crc.getValue()).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The headers of transmission {@code id} of {@code body} at {@code time} to webhook
     * {@code webhookId}, signed with {@code key} whose certificate is at {@code certUrl}.
     */
    public static Map<String, String> sign(
            PrivateKey key, String certUrl, String id, Instant time, String webhookId, byte[] body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(ID, id);
        headers.put(TIME, time.toString());
        headers.put(CERT_URL, certUrl);
        headers.put(ALGO, "SHA256withRSA");
        headers.put(SIG, RsaKeys.sign(key, signedText(id, time.toString(), webhookId, body)));
        return headers;
    }

    private static boolean validAt(X509Certificate cert, Instant at) {
        try {
            cert.checkValidity(Date.from(at));
            return true;
        } catch (CertificateExpiredException | CertificateNotYetValidException e) {
            return false;
        }
    }

    private static boolean verifies(X509Certificate cert, byte[] signed, byte[] signature) {
        try {
            Signature rsa = Signature.getInstance("SHA256withRSA");
            rsa.initVerify(cert.getPublicKey());
            rsa.update(signed);
            return rsa.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }
}
