package dev.payhook.provider.alipay;

import dev.payhook.provider.ApiFailure;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WireJson;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;

/**
 * One answer of Alipay's gateway: {@code {"<method>_response": {...}, "sign": ".."}}. Alipay signs
 * the response object's text exactly as sent, so the signed bytes are cut from the body, never
 * re-serialized. The body is kept whole as evidence, signature included.
 */
record AlipayResponse(String method, byte[] body, JsonNode response, byte[] signedContent, String sign) {

    static final String SUCCESS = "10000";

    static AlipayResponse parse(String method, byte[] body) {
        String node = method.replace('.', '_') + "_response";
        JsonNode tree;
        try {
            tree = WireJson.tree(body);
        } catch (UnparseablePayload e) {
            throw new ApiFailure(method + ": malformed answer (" + e.getMessage() + ")");
        }
        if (!tree.path(node).isObject()) {
            throw new ApiFailure(method + ": malformed answer (no " + node + ")");
        }
        String text = new String(body, StandardCharsets.UTF_8);
        return new AlipayResponse(
                method,
                body,
                tree.path(node),
                objectAfter(text, "\"" + node + "\"").getBytes(StandardCharsets.UTF_8),
                WireJson.text(tree, "sign"));
    }

    boolean succeeded() {
        return SUCCESS.equals(WireJson.text(response, "code"));
    }

    /** Alipay's in-band error in words: its code and sub-code, nothing of the request. */
    String error() {
        return method + ": code " + WireJson.text(response, "code") + " " + WireJson.text(response, "sub_code");
    }

    String subCode() {
        return WireJson.text(response, "sub_code");
    }

    /** The text of the JSON object that follows {@code key}, as it stands in {@code json}. */
    private static String objectAfter(String json, String key) {
        int start = json.indexOf('{', json.indexOf(key) + key.length());
        boolean inString = false;
        int depth = 0;
        for (int i = start; i < json.length(); i++) {
            char c = json.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return json.substring(start, i + 1);
            }
        }
        throw new ApiFailure("malformed answer (unbalanced response object)");
    }
}
