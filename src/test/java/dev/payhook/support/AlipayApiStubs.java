package dev.payhook.support;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Alipay's gateway as a stub speaks it: answers signed over exactly the response object's text,
 * requests checked against the app's key.
 */
public final class AlipayApiStubs {

    private AlipayApiStubs() {}

    /** {@code {"<node>": response, "sign": ...}}, signed with {@code signer} as Alipay signs with its key. */
    public static String signed(String node, String response, PrivateKey signer) {
        String sign = Signer.rsa(signer, response.getBytes(StandardCharsets.UTF_8));
        return "{\"" + node + "\":" + response + ",\"sign\":\"" + sign + "\"}";
    }

    /** A request's form fields, decoded, sorted by name. */
    public static Map<String, String> form(String body) {
        Map<String, String> form = new TreeMap<>();
        for (String pair : body.split("&", -1)) {
            int eq = pair.indexOf('=');
            form.put(
                    URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return form;
    }

    /** Alipay's check of a request: RSA2 with the app's key over the sorted fields but the signature. */
    public static boolean signedByMerchant(Map<String, String> form) throws GeneralSecurityException {
        String content = form.entrySet().stream()
                .filter(e -> !e.getKey().equals("sign"))
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("&"));
        Signature verifier = Signature.getInstance("SHA256withRSA");
        verifier.initVerify(TestKeys.MERCHANT.getPublic());
        verifier.update(content.getBytes(StandardCharsets.UTF_8));
        return verifier.verify(Base64.getDecoder().decode(form.get("sign")));
    }
}
