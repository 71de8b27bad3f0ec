package dev.payhook.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Where this gateway listens, written for the tools beside it ({@code bin/payhook send} and
 * {@code listen}) when {@code payhook.dev.listening-file} names a file, as {@code bin/payhook --dev}
 * does: a port given on the command line is then found without being given again. Removed at stop.
 */
@Component
class ListeningFile {

    private final Path file;
    private final Listeners listeners;

    ListeningFile(@Value("${payhook.dev.listening-file:}") String file, Listeners listeners) {
        this.file = file.isBlank() ? null : Path.of(file);
        this.listeners = listeners;
    }

    @EventListener
    void ready(ApplicationReadyEvent ready) {
        if (file == null || !(ready.getApplicationContext() instanceof WebServerApplicationContext web)) {
            return;
        }
        try {
            Files.writeString(
                    file,
                    "server.port=" + web.getWebServer().getPort() + "\npayhook.ops.port=" + listeners.managementPort()
                            + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @EventListener
    void closed(ContextClosedEvent closed) throws IOException {
        if (file != null) {
            Files.deleteIfExists(file);
        }
    }
}
