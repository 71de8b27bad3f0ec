package dev.payhook.support;

import dev.payhook.provider.RsaKeys;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;

/**
 * Test-only PayPal signing certificates and their keys (src/test/resources/paypal, self-signed,
 * made with openssl for these tests): current and previous are pinned, stranger is not.
 */
public final class PaypalKeys {

    private PaypalKeys() {}

    public static String certificate(String name) {
        return read(name + ".pem");
    }

    public static PrivateKey key(String name) {
        return RsaKeys.privateKey(read(name + ".key"), "test key " + name);
    }

    private static String read(String file) {
        try (InputStream in = PaypalKeys.class.getResourceAsStream("/paypal/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
