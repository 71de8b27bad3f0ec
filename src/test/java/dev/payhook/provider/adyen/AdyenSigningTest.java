package dev.payhook.provider.adyen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.SigningContract;
import dev.payhook.provider.WebhookRequest;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class AdyenSigningTest extends SigningContract {

    private static final String KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";

    @Override
    protected SignatureScheme scheme() {
        return Adyen.signature("adyen", new AdyenSettings(List.of(KEY), "", ""), Clock.systemUTC());
    }

    @Override
    protected WebhookRequest signed(String body) {
        return request("adyen", AdyenSignature.sign(KEY, utf8(body)), Map.of());
    }

    @Override
    protected String body() {
        return notification(
                "{\"amount\":{\"currency\":\"EUR\",\"value\":" + AMOUNT + "},\"eventCode\":\"AUTHORISATION\","
                        + "\"merchantAccountCode\":\"Payhook\",\"merchantReference\":\"ord-1\",\"pspReference\":\"PSP1\","
                        + "\"success\":\"true\"}");
    }

    /** The item of Adyen's Java library's HMAC test (hmac-validation-webhook.json) and its key. */
    @Test
    void adyensLibraryVectorIsReproduced() {
        String item = "{\"additionalData\":{\"authCode\":\"052095\"},\"amount\":{\"currency\":\"EUR\",\"value\":1000},"
                + "\"eventCode\":\"AUTHORISATION\",\"eventDate\":\"2023-01-10T13:42:29+01:00\","
                + "\"merchantAccountCode\":\"AntoniStroinski\",\"merchantReference\":\"\\\\:/\\\\/slashes are fun\","
                + "\"paymentMethod\":\"visa\",\"pspReference\":\"ZVWN7D3WSMK2WN82\",\"success\":\"true\"}";
        byte[] signed = AdyenSignature.sign(
                "74F490DD33F7327BAECC88B2947C011FC02D014A473AAA33A8EC93E4DC069174", utf8(notification(item)));
        assertThat(JsonMapper.shared()
                        .readTree(signed)
                        .at("/notificationItems/0/NotificationRequestItem/additionalData/hmacSignature")
                        .asString())
                .isEqualTo("CZErGCNQaSsxbaQfZaJlakqo7KPP+mIa8a+wx3yNs9A=");
    }

    private static String notification(String item) {
        return "{\"live\":\"false\",\"notificationItems\":[{\"NotificationRequestItem\":" + item + "}]}";
    }
}
