package dev.payhook.support;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.UUID;

/** eSewa's browser return as eSewa builds it: the signed fields as JSON, base64, on the success URL. */
public final class EsewaReturns {

    static final String SIGNED =
            "transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names";

    private EsewaReturns() {}

    /** The decoded {@code data} of a return, signed with {@code secret}; {@code amount} as eSewa writes it. */
    public static String json(String uuid, String amount, String status, String productCode, String secret) {
        String code = "0" + UUID.randomUUID().toString().substring(0, 6).toUpperCase(Locale.ROOT);
        String message = "transaction_code=" + code + ",status=" + status + ",total_amount=" + amount
                + ",transaction_uuid=" + uuid + ",product_code=" + productCode + ",signed_field_names=" + SIGNED;
        return "{\"transaction_code\":\"" + code + "\",\"status\":\"" + status + "\",\"total_amount\":" + amount
                + ",\"transaction_uuid\":\"" + uuid + "\",\"product_code\":\"" + productCode
                + "\",\"signed_field_names\":\"" + SIGNED + "\",\"signature\":\"" + Signer.esewa(secret, message)
                + "\"}";
    }

    /** The path the payer's browser is sent back to with {@code json} as its data. */
    public static String path(String json) {
        String data = Base64.getEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8));
        return "/returns/esewa?data=" + URLEncoder.encode(data, StandardCharsets.UTF_8);
    }
}
