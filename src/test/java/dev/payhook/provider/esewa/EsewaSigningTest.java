package dev.payhook.provider.esewa;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.provider.BrowserReturnScheme;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.SigningContract;
import dev.payhook.provider.WebhookRequest;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class EsewaSigningTest extends SigningContract {

    private static final String SECRET = "esewa/signing:test";
    private static final String NAMES =
            "transaction_code,status,total_amount,transaction_uuid,product_code," + "signed_field_names";

    @Override
    protected SignatureScheme scheme() {
        byte[] secret = SECRET.getBytes(StandardCharsets.UTF_8);
        return new BrowserReturnScheme(body -> EsewaSignature.verify(body, secret));
    }

    @Override
    protected WebhookRequest signed(String body) {
        Map<String, String> fields = JsonMapper.shared().readValue(body, Map.class);
        Map<String, String> data = new LinkedHashMap<>(fields);
        data.put("signature", EsewaSignature.sign(SECRET, fields));
        return request("esewa", utf8(JsonMapper.shared().writeValueAsString(data)), Map.of());
    }

    @Override
    protected String body() {
        return JsonMapper.shared().writeValueAsString(fields("000AB12", AMOUNT + ".0", "ord-1"));
    }

    /** eSewa's documented success redirect (ePay v2) with the UAT secret key. */
    @Test
    void esewasDocumentedVectorIsReproduced() {
        assertThat(EsewaSignature.sign("8gBm/:&EnhH.1/q", fields("000AWEO", "1000.0", "250610-162413")))
                .isEqualTo("62GcfZTmVkzhtUeh+QJ1AqiJrjoWWGof3U+eTPTZ7fA=");
    }

    private static Map<String, String> fields(String code, String amount, String uuid) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("transaction_code", code);
        fields.put("status", "COMPLETE");
        fields.put("total_amount", amount);
        fields.put("transaction_uuid", uuid);
        fields.put("product_code", "EPAYTEST");
        fields.put("signed_field_names", NAMES);
        return fields;
    }
}
