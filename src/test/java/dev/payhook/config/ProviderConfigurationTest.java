package dev.payhook.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.payhook.PayhookApplication;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;

/** A provider switched on without its secret stops start-up with a message naming the setting. */
class ProviderConfigurationTest {

    @Test
    void anEnabledProviderWithoutASecretRefusesToStart() {
        assertThatThrownBy(() -> new SpringApplicationBuilder(PayhookApplication.class)
                        .run(
                                "--server.port=0",
                                "--payhook.embedded-postgres.data-dir=",
                                "--payhook.embedded-postgres.port=0",
                                "--spring.artemis.embedded.data-directory=target/artemis-config-test",
                                "--payhook.providers.paddle.enabled=true",
                                "--payhook.providers.paddle.secrets[0]="))
                .hasStackTraceContaining("payhook.providers.paddle.secrets is empty")
                .hasStackTraceContaining("payhook.providers.paddle.enabled=false");
    }

    @Test
    void anUnknownSchemeRefusesToStart() {
        assertThatThrownBy(() -> new SpringApplicationBuilder(PayhookApplication.class)
                        .run(
                                "--server.port=0",
                                "--payhook.embedded-postgres.data-dir=",
                                "--payhook.embedded-postgres.port=0",
                                "--spring.artemis.embedded.data-directory=target/artemis-config-test",
                                "--payhook.providers.acme.scheme=acme-hmac",
                                "--payhook.providers.acme.secrets[0]=s"))
                .hasStackTraceContaining("payhook.providers.acme.scheme: unknown scheme 'acme-hmac'");
    }

    @Test
    void aHalfConfiguredWechatPayRefusesToStart() {
        assertThatThrownBy(
                        () -> new SpringApplicationBuilder(PayhookApplication.class)
                                .run(
                                        "--server.port=0",
                                        "--payhook.embedded-postgres.data-dir=",
                                        "--payhook.embedded-postgres.port=0",
                                        "--spring.artemis.embedded.data-directory=target/artemis-config-test",
                                        "--payhook.providers.wechatpay.platform-keys.SERIAL1=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA"))
                .hasStackTraceContaining(
                        "payhook.providers.wechatpay.api-v3-key is empty but provider wechatpay is enabled");
    }

    @Test
    void aProviderIdThatIsNoPathSegmentRefusesToStart() {
        assertThatThrownBy(() -> new SpringApplicationBuilder(PayhookApplication.class)
                        .run(
                                "--server.port=0",
                                "--payhook.embedded-postgres.data-dir=",
                                "--payhook.embedded-postgres.port=0",
                                "--spring.artemis.embedded.data-directory=target/artemis-config-test",
                                "--payhook.providers[acme.v2].scheme=stripe",
                                "--payhook.providers[acme.v2].secrets[0]=s"))
                .hasStackTraceContaining("payhook.providers.acme.v2: a provider id is 1 to 64 letters");
    }
}
