package dev.payhook.support;

import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;

/** Alipay's gateway as a stub answers: the response object as text, and its signature over exactly that text. */
public final class AlipayApiStubs {

    private AlipayApiStubs() {}

    /** {@code {"<node>": response, "sign": ...}}, signed with {@code signer} as Alipay signs with its key. */
    public static String signed(String node, String response, PrivateKey signer) {
        String sign = Signer.rsa(signer, response.getBytes(StandardCharsets.UTF_8));
        return "{\"" + node + "\":" + response + ",\"sign\":\"" + sign + "\"}";
    }
}
