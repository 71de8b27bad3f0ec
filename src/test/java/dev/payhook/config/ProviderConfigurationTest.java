package dev.payhook.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.payhook.PayhookApplication;
import dev.payhook.support.TestKeys;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;

/** A provider configured so that it cannot work stops start-up with a message naming the setting. */
class ProviderConfigurationTest {

    private static AbstractThrowableAssert<?, ? extends Throwable> startingWith(String... settings) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--payhook.ops.port=0",
                "--payhook.embedded-postgres.data-dir=",
                "--payhook.embedded-postgres.port=0",
                "--spring.artemis.embedded.data-directory=target/artemis-config-test"));
        args.addAll(List.of(settings));
        return assertThatThrownBy(
                () -> new SpringApplicationBuilder(PayhookApplication.class).run(args.toArray(String[]::new)));
    }

    /** The routes follow the configuration: a route answering for a provider it does not name would answer for nobody. */
    @Test
    void aRouteForAProviderTheConfigurationDoesNotNameRefusesToStart(@TempDir Path dir) throws IOException {
        Path providers = Files.createDirectories(dir.resolve("routes/providers"));
        Files.writeString(providers.resolve("stranger.yaml"), """
                - templatedRoute:
                    routeTemplateRef: webhook-ingress
                    routeId: ingress-stranger
                    parameters:
                      - name: provider
                        value: stranger
                """);
        startingWith("--payhook.routes.dir=" + dir.resolve("routes"))
                .hasStackTraceContaining(
                        "routes serve the webhooks of providers that payhook.providers does not configure: stranger");
    }

    @Test
    void anEnabledProviderWithoutASecretRefusesToStart() {
        startingWith("--payhook.providers.paddle.enabled=true", "--payhook.providers.paddle.secrets[0]=")
                .hasStackTraceContaining("payhook.providers.paddle.secrets is empty")
                .hasStackTraceContaining("payhook.providers.paddle.enabled=false");
    }

    /** One consumer per queue: a delivery endpoint named as a subscriber would take its messages. */
    @Test
    void aDeliveryEndpointNamedAsASubscriberRefusesToStart() {
        startingWith(
                        "--payhook.events.subscribers=billing",
                        "--payhook.deliveries.billing.url=https://billing.example.test/payhook",
                        "--payhook.deliveries.billing.secrets[0]=whsec_YmlsbGluZy1rZXk=")
                .hasStackTraceContaining("payhook.events.billing has a consumer already");
    }

    @Test
    void anUnknownSchemeRefusesToStart() {
        startingWith("--payhook.providers.acme.scheme=acme-hmac", "--payhook.providers.acme.secrets[0]=s")
                .hasStackTraceContaining("payhook.providers.acme.scheme: unknown scheme 'acme-hmac'");
    }

    @Test
    void aSharedSchemeWithoutAFormatRefusesToStart() {
        startingWith("--payhook.providers.acme.scheme=standard-webhooks", "--payhook.providers.acme.secrets[0]=s")
                .hasStackTraceContaining("payhook.providers.acme.format: required for scheme standard-webhooks");
    }

    @Test
    void aHalfConfiguredWechatPayRefusesToStart() {
        startingWith("--payhook.providers.wechatpay.platform-keys.SERIAL1=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA")
                .hasStackTraceContaining(
                        "payhook.providers.wechatpay.api-v3-key is empty but provider wechatpay is enabled");
    }

    @Test
    void aProviderIdThatIsNoPathSegmentRefusesToStart() {
        startingWith("--payhook.providers[acme.v2].scheme=stripe", "--payhook.providers[acme.v2].secrets[0]=s")
                .hasStackTraceContaining("payhook.providers.acme.v2: a provider id is 1 to 64 letters");
    }

    @Test
    void halfTheApiCredentialsRefuseToStart() {
        startingWith(
                        "--payhook.providers.stripe.secrets[0]=whsec_x",
                        "--payhook.providers.alipay.public-keys[0]=" + PUBLIC_KEY,
                        "--payhook.providers.alipay.api.app-id=2021000000000000")
                .hasStackTraceContaining("payhook.providers.alipay.api.private-key is empty but other "
                        + "payhook.providers.alipay.api credentials are set");
    }

    @Test
    void anApiPrivateKeyThatDoesNotParseRefusesToStartWithoutShowingIt() {
        startingWith(
                        "--payhook.providers.alipay.public-keys[0]=" + PUBLIC_KEY,
                        "--payhook.providers.alipay.api.app-id=2021000000000000",
                        "--payhook.providers.alipay.api.private-key=NotAKeyButASecretText")
                .hasStackTraceContaining("payhook.providers.alipay.api.private-key is not an RSA private key")
                .satisfies(e -> {
                    StringWriter trace = new StringWriter();
                    e.printStackTrace(new PrintWriter(trace));
                    assertThat(trace.toString()).doesNotContain("NotAKeyButASecretText");
                });
    }

    private static final String PUBLIC_KEY = TestKeys.publicKey(TestKeys.CURRENT);
}
