package dev.payhook.provider;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.payment.EventType;
import dev.payhook.provider.adyen.AdyenFormat;
import dev.payhook.provider.alipay.AlipayFormat;
import dev.payhook.provider.dodo.DodoFormat;
import dev.payhook.provider.paddle.PaddleFormat;
import dev.payhook.provider.paypal.PaypalFormat;
import dev.payhook.provider.razorpay.RazorpayFormat;
import dev.payhook.provider.stripe.StripeFormat;
import dev.payhook.provider.types.Action;
import dev.payhook.provider.types.TypeTable;
import dev.payhook.provider.types.TypeTables;
import dev.payhook.send.Sample;
import dev.payhook.send.SampleValues;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every type a provider's shipped table acts on has a sample that {@code bin/payhook send} builds,
 * and the provider's own reader reads that sample as the table says: the named action, or for
 * {@code by-status} an effect the object's status decides. WeChat Pay's resource is read only once
 * decrypted, which {@code SendTest} covers through the gateway.
 */
class SampleCatalogTest {

    private record Covered(String provider, EventFormat format) {}

    private static final List<Covered> PROVIDERS = List.of(
            new Covered("stripe", new StripeFormat(TypeTables.shipped())),
            new Covered("paddle", new PaddleFormat(TypeTables.shipped())),
            new Covered("dodo", new DodoFormat(TypeTables.shipped())),
            new Covered("razorpay", new RazorpayFormat(TypeTables.shipped())),
            new Covered("paypal", new PaypalFormat(TypeTables.shipped())),
            new Covered("adyen", new AdyenFormat(TypeTables.shipped())),
            new Covered("alipay", new AlipayFormat(TypeTables.shipped())));

    /** Where Standard Webhooks and Razorpay carry the event id. */
    private static final Map<String, String> HEADERS =
            Map.of("webhook-id", "evt_catalog", "x-razorpay-event-id", "evt_catalog");

    @TestFactory
    List<DynamicTest> everyTypeATableActsOnHasASampleItsReaderReadsAsTheTableSays() {
        return PROVIDERS.stream()
                .flatMap(p -> table(p.provider()).entries().stream()
                        .filter(e -> e.glob() == null && e.action() != Action.IGNORE)
                        .map(e -> DynamicTest.dynamicTest(p.provider() + " " + e.type(), () -> read(p, e))))
                .toList();
    }

    @Test
    void everySampleFillsWithWhatSendGivesAndAJsonOneParses() {
        List<Sample> all = Sample.all();
        assertThat(all).hasSizeGreaterThan(100);
        for (Sample s : all) {
            String filled = s.fill(values());
            if (filled.startsWith("{")) {
                assertThat(JsonMapper.shared().readTree(filled).isObject())
                        .as(s.kind() + " " + s.type())
                        .isTrue();
            }
        }
    }

    private static void read(Covered p, TypeTable.Entry e) {
        Sample sample = Sample.find(p.provider(), e.type())
                .orElseThrow(() -> new AssertionError("no sample of " + p.provider() + " " + e.type()));
        String filled = sample.fill(values());
        byte[] body = (filled.startsWith("{") ? filled : form(filled)).getBytes(StandardCharsets.UTF_8);
        List<NormalizedEvent> events = Samples.events(p.format(), new WebhookRequest(p.provider(), body, HEADERS));
        assertThat(events).isNotEmpty();
        EventType read = events.get(0).type();
        if (e.action() == Action.BY_STATUS) {
            assertThat(read).as("the sample's status decides an effect").isNotEqualTo(EventType.OTHER);
        } else {
            assertThat(read).isEqualTo(e.action().type().orElseThrow());
        }
    }

    /** The common values and what the senders add: products, accounts, keys' ids, local times. */
    private static Map<String, Object> values() {
        Map<String, Object> v = SampleValues.of("evt_catalog", "pi_catalog", "ord_catalog", 1050, "USD", Instant.now());
        v.put("product", "prod_catalog");
        v.put("business_id", "bus_catalog");
        v.put("account_id", "acc_catalog");
        v.put("merchant_account", "PayhookCatalog");
        v.put("app_id", "2021000000000000");
        v.put("seller_id", "2088102176027680");
        v.put("alipay_time", "2026-12-05 20:00:00");
        v.put("mchid", "1900000109");
        v.put("appid", "wxd678efh567hg6787");
        v.put("success_time", "2026-12-05T20:00:00+08:00");
        v.put("product_code", "EPAYTEST");
        v.put("transaction_code", "0007G36");
        v.put("signature", "");
        return v;
    }

    /** A parameter a line, as the form the provider posts. */
    private static String form(String lines) {
        return lines.lines()
                .filter(l -> !l.isBlank())
                .map(l -> {
                    int eq = l.indexOf('=');
                    return l.substring(0, eq) + "=" + URLEncoder.encode(l.substring(eq + 1), StandardCharsets.UTF_8);
                })
                .collect(Collectors.joining("&"));
    }

    private static TypeTable table(String provider) {
        return TypeTables.shipped().own(provider).orElseThrow();
    }
}
