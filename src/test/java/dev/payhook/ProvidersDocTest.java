package dev.payhook;

import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.payhook.provider.Capability;
import dev.payhook.provider.ProviderKind;
import dev.payhook.support.ApiStubs;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.MollieApiStubs;
import dev.payhook.support.TestKeys;
import dev.payhook.support.TestProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * docs/providers.md, section by section: its recipe, run by bash as a reader would, on its sample,
 * with the credential the gateway holds, pays the sample's order. A recipe that signs the wrong
 * text, or a sample the gateway cannot read, fails here.
 */
class ProvidersDocTest extends GatewayTest {

    private static final WireMockServer API = ApiStubs.server();
    private static final Pattern SECTION = Pattern.compile("(?ms)^## .*?(?=^## |\\z)");
    private static final Pattern TRY = Pattern.compile("\\| Try it \\| `bin/payhook send ([a-z]+) ");
    private static final Pattern SAMPLE =
            Pattern.compile("saved as `([a-z.]+)`:\\n\\n```[a-z]+\\n(.*?)\\n```", Pattern.DOTALL);
    private static final Pattern ROW = Pattern.compile("\\| ([a-z, ]+) \\| ([^|]+) \\|");
    private static final Pattern RECIPE = Pattern.compile("Recipe:\\n\\n```bash\\n(.*?)\\n```", Pattern.DOTALL);
    private static final Map<String, String> CURRENCY = Map.ofEntries(
            Map.entry("stripe", "USD"),
            Map.entry("paddle", "USD"),
            Map.entry("dodo", "USD"),
            Map.entry("razorpay", "INR"),
            Map.entry("adyen", "EUR"),
            Map.entry("alipay", "CNY"),
            Map.entry("wechatpay", "CNY"),
            Map.entry("paypal", "USD"),
            Map.entry("mollie", "EUR"),
            Map.entry("esewa", "NPR"),
            Map.entry("imepay", "NPR"),
            Map.entry("khalti", "NPR"));

    @TempDir
    Path dir;

    record Section(String provider, String file, String sample, String recipe) {
        @Override
        public String toString() {
            return provider;
        }
    }

    static List<Section> sections() throws IOException {
        List<Section> found = new ArrayList<>();
        String doc = Files.readString(Path.of("docs/providers.md"));
        Matcher sections = SECTION.matcher(doc);
        while (sections.find()) {
            String part = sections.group();
            Matcher provider = TRY.matcher(part);
            if (!provider.find()) {
                continue;
            }
            Matcher sample = SAMPLE.matcher(part);
            Matcher recipe = RECIPE.matcher(part);
            assertThat(sample.find() && recipe.find())
                    .as("section " + provider.group(1) + " has a sample and a recipe")
                    .isTrue();
            found.add(new Section(provider.group(1), sample.group(1), sample.group(2), recipe.group(1)));
        }
        return found;
    }

    @Autowired
    List<ProviderKind> kinds;

    /**
     * What the providers' API clients can do is each kind's declaration: a section's "Its API" line,
     * the README's API settings table (the providers it checks payments of) and its refund table
     * (a row with an endpoint for those it refunds through) say exactly that.
     */
    @Test
    void theDocsSayWhatEachProvidersDeclarationSaysItsApiCanDo() throws IOException {
        String doc = Files.readString(Path.of("docs/providers.md"));
        String readme = Files.readString(Path.of("README.md"));
        Matcher sections = SECTION.matcher(doc);
        List<String> documented = new ArrayList<>();
        while (sections.find()) {
            Matcher provider = TRY.matcher(sections.group());
            if (provider.find()) {
                documented.add(provider.group(1));
            }
        }
        Map<String, String> settings = table(readme, "| provider | settings (variables) |");
        Map<String, String> refunds = table(readme, "| provider | endpoint called |");
        List<ProviderKind> withApi =
                kinds.stream().filter(k -> k.api().isPresent()).toList();
        assertThat(documented)
                .containsExactlyInAnyOrderElementsOf(
                        withApi.stream().map(ProviderKind::name).toList());
        for (ProviderKind kind : withApi) {
            String can =
                    kind.capabilities().stream().sorted().map(Capability::words).collect(Collectors.joining(", "));
            Matcher section = SECTION.matcher(doc);
            String part = "";
            while (section.find()) {
                if (section.group().contains("| Try it | `bin/payhook send " + kind.name() + " ")) {
                    part = section.group();
                }
            }
            assertThat(part).as(kind.name()).contains("\n| Its API | " + can + " |\n");
            assertThat(settings.containsKey(kind.name()))
                    .as(kind.name() + " in the README's API settings table")
                    .isEqualTo(kind.capabilities().contains(Capability.CHECKS_PAYMENTS));
            assertThat(refunds.get(kind.name()))
                    .as(kind.name() + " in the README's refund table")
                    .isNotNull()
                    .satisfies(endpoint -> assertThat(!endpoint.startsWith("–"))
                            .isEqualTo(kind.capabilities().contains(Capability.REFUNDS)));
        }
    }

    /**
     * A provider with a payload format of its own is documented where a reader looks for it: its
     * section here (with its recipe) and its row in the README's providers table. The mapped format
     * is configuration, described with the type tables.
     */
    @Test
    void everyProviderWithAFormatOfItsOwnHasItsSectionAndItsReadmeRow() throws IOException {
        List<String> documented = sections().stream().map(Section::provider).toList();
        String readme = Files.readString(Path.of("README.md"));
        String table = readme.substring(readme.indexOf("| id | scheme |"));
        List<String> rows = Pattern.compile("(?m)^\\| ([a-z]+) \\|")
                .matcher(table.substring(0, table.indexOf("\n\n")))
                .results()
                .map(r -> r.group(1))
                .toList();
        List<String> withFormat = kinds.stream()
                .filter(k -> k.format().isPresent() && !k.name().equals("mapped"))
                .map(ProviderKind::name)
                .toList();
        assertThat(withFormat).as("the declared providers").hasSizeGreaterThanOrEqualTo(12);
        assertThat(documented).as("docs/providers.md's sections").containsAll(withFormat);
        assertThat(rows).as("the README's providers table").containsAll(withFormat);
    }

    /** A README table's rows under {@code header}: each provider its row names, to the row's second cell. */
    private static Map<String, String> table(String readme, String header) {
        Map<String, String> rows = new HashMap<>();
        String rest = readme.substring(readme.indexOf(header));
        rest.substring(0, rest.indexOf("\n\n")).lines().forEach(line -> {
            Matcher row = ROW.matcher(line);
            if (row.lookingAt()) {
                for (String provider : row.group(1).split(", ", -1)) {
                    rows.put(provider, row.group(2));
                }
            }
        });
        return rows;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sections")
    void theRecipePaysTheSamplesOrder(Section s) throws Exception {
        String order = "ord-docs-" + s.provider();
        gateway.putOrder(order, 1050, CURRENCY.get(s.provider()));
        gateway.call("PUT", "/ops/products/paddle/pro_docs_book", "{\"sku\":\"book-1\"}");
        gateway.call("PUT", "/ops/products/dodo/pdt_docs_book", "{\"sku\":\"book-1\"}");
        stubTheApis();
        Files.writeString(dir.resolve(s.file()), s.sample() + "\n");
        Files.writeString(
                dir.resolve("private.pem"),
                s.provider().equals("paypal")
                        ? Files.readString(Path.of("src/test/resources/paypal/current.key"))
                        : "-----BEGIN PRIVATE KEY-----\n" + TestKeys.privateKey(TestKeys.CURRENT)
                                + "\n-----END PRIVATE KEY-----\n");

        ProcessBuilder bash = new ProcessBuilder("bash", "-euo", "pipefail", "-c", s.recipe())
                .directory(dir.toFile())
                .redirectErrorStream(true);
        Map<String, String> env = bash.environment();
        env.put("PAYHOOK_URL", "http://127.0.0.1:" + port);
        env.put("STRIPE_WEBHOOK_SECRET", TestProvider.STRIPE.secret);
        env.put("PADDLE_WEBHOOK_SECRET", TestProvider.PADDLE.secret);
        env.put("DODO_WEBHOOK_SECRET", TestProvider.DODO.secret);
        env.put("RAZORPAY_WEBHOOK_SECRET", TestProvider.RAZORPAY.secret);
        env.put("ADYEN_HMAC_KEY", ADYEN_KEY);
        env.put("ESEWA_SECRET_KEY", ESEWA_SECRET);
        env.put("WECHATPAY_SERIAL", WECHATPAY_SERIAL);
        env.put("PAYPAL_WEBHOOK_ID", PAYPAL_WEBHOOK_ID);
        Process run = bash.start();
        assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(run.exitValue()).as(out).isZero();

        awaitOrder(order, "paid");
    }

    private static void stubTheApis() {
        MollieApiStubs.answer(
                MollieApiStubs.Payment.paid("tr_docsmollie", "ord-docs-mollie", 1050, "EUR", Instant.now()));
        API.stubFor(get(urlPathEqualTo("/esewa/api/epay/transaction/status/"))
                .withQueryParam("transaction_uuid", equalTo("ord-docs-esewa"))
                .willReturn(okJson("{\"product_code\":\"EPAYTEST\",\"transaction_uuid\":\"ord-docs-esewa\","
                        + "\"total_amount\":10.50,\"status\":\"COMPLETE\",\"ref_id\":\"000DOCS\"}")));
        API.stubFor(
                post(urlPathEqualTo("/imepay/api/Web/Confirm"))
                        .withRequestBody(matchingJsonPath("$.TokenId", equalTo("tokdocsimepay")))
                        .willReturn(
                                okJson(
                                        "{\"ResponseCode\":0,\"ResponseDescription\":\"Success\",\"Msisdn\":\"9841000000\","
                                                + "\"TransactionId\":\"TXNdocs\",\"RefId\":\"ord-docs-imepay\",\"TokenId\":\"tokdocsimepay\"}")));
        API.stubFor(post(urlPathEqualTo("/khalti/v2/epayment/lookup/"))
                .withRequestBody(matchingJsonPath("$.pidx", equalTo("pidxdocskhalti")))
                .willReturn(okJson("{\"pidx\":\"pidxdocskhalti\",\"total_amount\":1050,\"status\":\"Completed\","
                        + "\"transaction_id\":\"TXNdocs\",\"fee\":0,\"refunded\":false}")));
    }
}
