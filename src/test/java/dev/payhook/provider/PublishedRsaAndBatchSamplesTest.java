package dev.payhook.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.payhook.payment.EventType;
import dev.payhook.provider.adyen.Adyen;
import dev.payhook.provider.adyen.AdyenFormat;
import dev.payhook.provider.adyen.AdyenSettings;
import dev.payhook.provider.alipay.Alipay;
import dev.payhook.provider.alipay.AlipayFormat;
import dev.payhook.provider.alipay.AlipayKeys;
import dev.payhook.provider.types.TypeTables;
import dev.payhook.provider.wechatpay.WechatPay;
import dev.payhook.provider.wechatpay.WechatPayDecryption;
import dev.payhook.provider.wechatpay.WechatPayFormat;
import dev.payhook.provider.wechatpay.WechatPayKeys;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.StandardEnvironment;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Adyen, Alipay and WeChat Pay samples of ../shared/samples whose keys are published there:
 * Payhook's verification accepts them, refuses them altered, and maps them.
 */
class PublishedRsaAndBatchSamplesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void adyenHmacVectorVerifiesAndMaps() throws IOException {
        assumeTrue(Files.isDirectory(Samples.DIR), "no ../shared/samples");
        String item =
                Files.readString(Samples.DIR.resolve("adyen/adyen-java-api-library/hmac-validation-webhook.json"));
        byte[] batch = ("{\"live\":\"false\",\"notificationItems\":[{\"NotificationRequestItem\":" + item + "}]}")
                .getBytes(StandardCharsets.UTF_8);
        SignatureScheme adyen = Adyen.signature("adyen", adyenKey(), Clock.systemUTC());
        WebhookRequest request = new WebhookRequest("adyen", batch, Map.of());
        adyen.verify(request);
        NormalizedEvent e =
                Samples.events(new AdyenFormat(TypeTables.shipped()), request).get(0);
        assertThat(e.eventId()).isEqualTo("ZVWN7D3WSMK2WN82:AUTHORISATION:true");
        assertThat(e.type()).isEqualTo(EventType.PAYMENT_SUCCEEDED);
        assertThat(e.amountMinor()).isEqualTo(1000L);
        byte[] altered = new String(batch, StandardCharsets.UTF_8)
                .replace("\"value\": 1000", "\"value\": 1001")
                .getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> adyen.verify(new WebhookRequest("adyen", altered, Map.of())))
                .isInstanceOf(WebhookRejected.class);
    }

    @Test
    void everyAdyenOpenApiExampleMaps() throws IOException {
        assumeTrue(Files.isDirectory(Samples.DIR), "no ../shared/samples");
        AdyenFormat adyen = new AdyenFormat(TypeTables.shipped());
        Map<String, EventType> byCode = new java.util.HashMap<>();
        try (var files = Files.list(Samples.DIR.resolve("adyen/adyen-openapi/Webhooks-v1"))) {
            // three examples there are another webhook family (type/data), not standard notifications
            for (Path f : files.filter(f -> !f.getFileName().toString().contains("NOTICE_OF_CHANGE")
                            && !f.getFileName().toString().startsWith("ACH_"))
                    .toList()) {
                for (NormalizedEvent e :
                        Samples.events(adyen, new WebhookRequest("adyen", Files.readAllBytes(f), Map.of()))) {
                    byCode.put(e.providerType(), e.type());
                }
            }
        }
        assertThat(byCode)
                .containsEntry("AUTHORISATION", EventType.PAYMENT_SUCCEEDED)
                .containsEntry("CANCEL_OR_REFUND", EventType.PAYMENT_CANCELED)
                .containsEntry("CHARGEBACK", EventType.DISPUTE_LOST)
                .containsEntry("CHARGEBACK_REVERSED", EventType.DISPUTE_WON)
                .containsEntry("NOTIFICATION_OF_CHARGEBACK", EventType.DISPUTE_OPENED)
                .containsEntry("REFUND", EventType.REFUND_FAILED)
                .containsEntry("REPORT_AVAILABLE", EventType.OTHER);
    }

    @Test
    void alipaySdkVectorsVerifyAndMap() throws IOException {
        assumeTrue(Files.isDirectory(Samples.DIR), "no ../shared/samples");
        verifyAlipay(
                "alipay-sdk-nodejs-all/notify.TRADE_SUCCESS.params.json",
                "alipay-sdk-nodejs-all/notifyAlipayPublicKeyV1.txt");
        verifyAlipay("yansongda-pay/notify.TRADE_SUCCESS.params.json", "yansongda-pay/alipayPublicCert.crt");
    }

    /** A raw form body as Alipay posted it (its key is not published): decoded and mapped, not verified. */
    @Test
    void alipayRawFormBodyMaps() throws IOException {
        assumeTrue(Files.isDirectory(Samples.DIR), "no ../shared/samples");
        byte[] body = Files.readString(Samples.DIR.resolve("alipay/weapay/notify.TRADE_SUCCESS.txt"))
                .strip()
                .getBytes(StandardCharsets.US_ASCII);
        SignatureScheme alipay = alipay("alipay-sdk-nodejs-all/notifyAlipayPublicKeyV1.txt");
        WebhookRequest request = new WebhookRequest("alipay", body, Map.of());
        assertThatThrownBy(() -> alipay.verify(request))
                .isInstanceOf(WebhookRejected.class)
                .hasMessage("signature_mismatch");
        NormalizedEvent e =
                Samples.events(new AlipayFormat(TypeTables.shipped()), request).get(0);
        assertThat(e.type()).isEqualTo(EventType.PAYMENT_SUCCEEDED);
        assertThat(e.amountMinor()).isEqualTo(99L);
        assertThat(e.eventId()).isEqualTo("2024072401222104407195820503475973");
    }

    private static void verifyAlipay(String params, String key) throws IOException {
        JsonNode published =
                JSON.readTree(Samples.DIR.resolve("alipay").resolve(params).toFile());
        SignatureScheme alipay = alipay(key);
        WebhookRequest request = new WebhookRequest("alipay", form(published, null), Map.of());
        alipay.verify(request);
        NormalizedEvent e =
                Samples.events(new AlipayFormat(TypeTables.shipped()), request).get(0);
        assertThat(e.type()).isEqualTo(EventType.PAYMENT_SUCCEEDED);
        assertThat(e.orderId()).isEqualTo(published.path("out_trade_no").asString());
        assertThat(e.amountMinor())
                .isEqualTo(
                        new java.math.BigDecimal(published.path("total_amount").asString())
                                .movePointRight(2)
                                .longValueExact());
        assertThatThrownBy(() -> alipay.verify(new WebhookRequest("alipay", form(published, "buyer_id"), Map.of())))
                .isInstanceOf(WebhookRejected.class);
    }

    private static AdyenSettings adyenKey() {
        return new AdyenSettings(List.of("74F490DD33F7327BAECC88B2947C011FC02D014A473AAA33A8EC93E4DC069174"), "", "");
    }

    private static SignatureScheme alipay(String key) throws IOException {
        AlipayKeys keys = new AlipayKeys(
                List.of(Files.readString(Samples.DIR.resolve("alipay").resolve(key))));
        return Alipay.signature("alipay", keys, Clock.systemUTC());
    }

    /** The parameter map as the form body Alipay posts (arrays travel as compact JSON strings); {@code alter} changes one value. */
    private static byte[] form(JsonNode params, String alter) {
        StringJoiner body = new StringJoiner("&");
        for (Map.Entry<String, JsonNode> field : params.properties()) {
            String value = field.getValue().isValueNode()
                    ? field.getValue().asString()
                    : JSON.writeValueAsString(field.getValue());
            if (field.getKey().equals(alter)) {
                value = value + "0";
            }
            body.add(field.getKey() + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
        }
        return body.toString().getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void wechatPayVectorsVerifyDecryptAndMap() throws IOException {
        assumeTrue(Files.isDirectory(Samples.DIR), "no ../shared/samples");
        Path dir = Samples.DIR.resolve("wechatpay/gunsluo-wechatpay-go");
        for (String type : List.of("TRANSACTION.SUCCESS", "REFUND.SUCCESS")) {
            byte[] body = Files.readAllBytes(dir.resolve(type + ".json"));
            Map<String, String> headers = Samples.headers(dir.resolve(type + ".headers"));
            WechatPayKeys keys = new WechatPayKeys(
                    Map.of(headers.get("wechatpay-serial"), Files.readString(dir.resolve("mock_cert.pem"))),
                    Duration.ofMinutes(5));
            WechatPayDecryption decryption = new WechatPayDecryption("AES256Key-32Characters1234567890");
            long ts = Long.parseLong(headers.get("wechatpay-timestamp"));
            WebhookRequest request = new WebhookRequest("wechatpay", body, headers);
            WechatPay.signature("wechatpay", keys, Samples.clockAt(ts), new StandardEnvironment())
                    .verify(request);
            NormalizedEvent e = Samples.events(
                            WechatPayFormat.create(TypeTables.shipped(), "wechatpay", decryption), request)
                    .get(0);
            assertThat(e.type())
                    .isEqualTo(type.startsWith("REFUND") ? EventType.REFUND_SUCCEEDED : EventType.PAYMENT_SUCCEEDED);
            assertThat(e.amountMinor()).isPositive();
            assertThat(e.orderId()).isNotBlank();
            SignatureScheme late =
                    WechatPay.signature("wechatpay", keys, Samples.clockAt(ts + 301), new StandardEnvironment());
            assertThatThrownBy(() -> late.verify(request))
                    .isInstanceOf(WebhookRejected.class)
                    .hasMessage("timestamp_outside_tolerance");
        }
    }
}
