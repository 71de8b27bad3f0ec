package dev.payhook.send;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.springframework.core.env.Environment;

/**
 * Where the running gateway listens, for {@code send} and {@code listen}: {@code --url} and
 * {@code --ops-url}, else the ports a gateway started by {@code bin/payhook --dev} wrote to
 * {@code data/dev/listening} (whatever its command line said), else the ports its configuration
 * gives ({@code server.port}, {@code payhook.ops.port}).
 */
record GatewayAddresses(URI webhooks, URI ops) {

    static final String LISTENING = "data/dev/listening";

    static GatewayAddresses of(Environment env, Map<String, String> options) {
        Properties written = written(Path.of(env.getProperty("payhook.dev.listening-file", LISTENING)));
        String port = written.getProperty("server.port", env.getProperty("server.port", "8080"));
        String opsPort = written.getProperty("payhook.ops.port", env.getProperty("payhook.ops.port", "8081"));
        return new GatewayAddresses(
                URI.create(SendCommand.withSlash(options.getOrDefault("url", "http://localhost:" + port))),
                URI.create(SendCommand.withSlash(options.getOrDefault("ops-url", "http://localhost:" + opsPort))));
    }

    private static Properties written(Path file) {
        Properties p = new Properties();
        if (Files.isRegularFile(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                p.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return p;
    }
}
