package dev.payhook.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.payhook.PayhookApplication;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The embedded PostgreSQL starts before Spring reads the beans (EmbeddedStartup): a start that
 * fails anywhere after that must still stop it, and its own failures still name the setting.
 */
class EmbeddedStartupTest {

    @TempDir
    Path dir;

    private Throwable startingWith(int postgresPort, String... settings) {
        String[] args = new String[settings.length + 5];
        args[0] = "--server.port=0";
        args[1] = "--payhook.ops.port=0";
        args[2] = "--payhook.embedded-postgres.data-dir=" + dir.resolve("postgres");
        args[3] = "--payhook.embedded-postgres.port=" + postgresPort;
        args[4] = "--spring.artemis.embedded.data-directory=" + dir.resolve("artemis");
        System.arraycopy(settings, 0, args, 5, settings.length);
        return catchThrowable(() -> new SpringApplicationBuilder(PayhookApplication.class).run(args));
    }

    @Test
    void aStartThatFailsLaterStopsThePostgresItStarted() {
        Throwable failure =
                startingWith(0, "--payhook.providers.paddle.enabled=true", "--payhook.providers.paddle.secrets[0]=");

        assertThat(failure).hasStackTraceContaining("payhook.providers.paddle.secrets is empty");
        assertThat(dir.resolve("postgres/PG_VERSION"))
                .as("the server was initialized")
                .exists();
        assertThat(Postmaster.running(dir.resolve("postgres")))
                .as("and is not left running")
                .isEmpty();
    }

    @Test
    void aPortInUseIsNamedWithTheSettingToChange() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThat(startingWith(taken.getLocalPort()))
                    .hasStackTraceContaining("payhook.embedded-postgres.port " + taken.getLocalPort() + " is in use");
        }
        assertThat(Postmaster.running(dir.resolve("postgres"))).isEmpty();
    }
}
