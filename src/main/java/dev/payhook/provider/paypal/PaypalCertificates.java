package dev.payhook.provider.paypal;

import dev.payhook.provider.WebhookRejected;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * The certificates a PayPal signature may be checked with. Pinned ones, when configured, are the
 * only ones and nothing is downloaded. Otherwise the {@code PAYPAL-CERT-URL} is fetched, but only
 * from https on PayPal's own API hosts, its chain validated against the JDK's trust store and its
 * leaf issued to a paypal.com name, then cached by URL: a sender cannot make Payhook fetch from,
 * or trust, a host of its choosing.
 */
final class PaypalCertificates {

    static final Set<String> HOSTS =
            Set.of("api.paypal.com", "api-m.paypal.com", "api.sandbox.paypal.com", "api-m.sandbox.paypal.com");

    private final List<X509Certificate> pinned;
    private final Map<String, X509Certificate> downloaded = new ConcurrentHashMap<>();
    private final HttpClient http;

    PaypalCertificates(List<String> pem, String setting) {
        this.pinned = pem.stream()
                .map(p -> parse(p.getBytes(StandardCharsets.US_ASCII), setting).get(0))
                .toList();
        this.http = pinned.isEmpty()
                ? HttpClient.newBuilder()
                        .connectTimeout(Duration.ofSeconds(5))
                        .followRedirects(HttpClient.Redirect.NEVER)
                        .build()
                : null;
    }

    /** The certificates to check a signature with, for the certificate URL the request names. */
    List<X509Certificate> candidates(String certUrl) {
        if (!pinned.isEmpty()) {
            return pinned;
        }
        URI uri = allowed(certUrl);
        return List.of(downloaded.computeIfAbsent(uri.toString(), u -> download(uri)));
    }

    private static URI allowed(String certUrl) {
        URI uri;
        try {
            uri = new URI(certUrl.trim());
        } catch (Exception e) {
            throw new WebhookRejected("paypal_cert_url_not_allowed");
        }
        boolean ok = "https".equals(uri.getScheme())
                && uri.getRawUserInfo() == null
                && (uri.getPort() == -1 || uri.getPort() == 443)
                && uri.getHost() != null
                && HOSTS.contains(uri.getHost().toLowerCase(java.util.Locale.ROOT));
        if (!ok) {
            throw new WebhookRejected("paypal_cert_url_not_allowed");
        }
        return uri;
    }

    private X509Certificate download(URI uri) {
        try {
            HttpResponse<byte[]> answer = http.send(
                    HttpRequest.newBuilder(uri)
                            .timeout(Duration.ofSeconds(10))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if (answer.statusCode() != 200) {
                throw new WebhookRejected("paypal_cert_unavailable");
            }
            List<X509Certificate> chain = parse(answer.body(), "PAYPAL-CERT-URL");
            trusted(chain);
            return chain.get(0);
        } catch (java.io.IOException e) {
            throw new WebhookRejected("paypal_cert_unavailable");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WebhookRejected("paypal_cert_unavailable");
        }
    }

    /** Chains to a root of the JDK's trust store, and the leaf is PayPal's. */
    private static void trusted(List<X509Certificate> chain) {
        try {
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init((KeyStore) null);
            Set<TrustAnchor> anchors = Arrays.stream(tmf.getTrustManagers())
                    .filter(X509TrustManager.class::isInstance)
                    .flatMap(tm -> Arrays.stream(((X509TrustManager) tm).getAcceptedIssuers()))
                    .map(c -> new TrustAnchor(c, null))
                    .collect(Collectors.toSet());
            PKIXParameters params = new PKIXParameters(anchors);
            params.setRevocationEnabled(false);
            CertPathValidator.getInstance("PKIX")
                    .validate(CertificateFactory.getInstance("X.509").generateCertPath(chain), params);
        } catch (GeneralSecurityException e) {
            throw new WebhookRejected("paypal_cert_untrusted");
        }
        String subject = chain.get(0).getSubjectX500Principal().getName();
        if (!subject.matches("(?s).*CN=[^,]*\\.paypal\\.com(,.*)?")) {
            throw new WebhookRejected("paypal_cert_untrusted");
        }
    }

    private static List<X509Certificate> parse(byte[] pem, String setting) {
        try {
            List<X509Certificate> certs =
                    CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(pem)).stream()
                            .map(X509Certificate.class::cast)
                            .toList();
            if (certs.isEmpty()) {
                throw new CertificateException("no certificate");
            }
            return certs;
        } catch (CertificateException e) {
            throw setting.equals("PAYPAL-CERT-URL")
                    ? new WebhookRejected("paypal_cert_unreadable")
                    : new IllegalStateException(setting + " is not a PEM certificate");
        }
    }
}
