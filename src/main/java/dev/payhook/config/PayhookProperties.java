package dev.payhook.config;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/** Everything under {@code payhook.*}: bound from config/application.yml, checked at start-up. */
@Validated
@ConfigurationProperties("payhook")
public class PayhookProperties {

    @Valid
    private final Processing processing = new Processing();

    @Valid
    private final Outbox outbox = new Outbox();

    @Valid
    private final Alerts alerts = new Alerts();

    @Valid
    private final Events events = new Events();

    @Valid
    private final EmbeddedPostgres embeddedPostgres = new EmbeddedPostgres();

    @Valid
    private final Map<String, ProviderProperties> providers = new LinkedHashMap<>();
    /** provider -> provider product reference -> Payhook SKU; seeded into the database (config/products.yml). */
    private final Map<String, Map<String, String>> products = new LinkedHashMap<>();

    public Processing getProcessing() {
        return processing;
    }

    public Outbox getOutbox() {
        return outbox;
    }

    public Alerts getAlerts() {
        return alerts;
    }

    public Events getEvents() {
        return events;
    }

    public EmbeddedPostgres getEmbeddedPostgres() {
        return embeddedPostgres;
    }

    public Map<String, ProviderProperties> getProviders() {
        return providers;
    }

    public Map<String, Map<String, String>> getProducts() {
        return products;
    }

    /** One of {@code payhook.ops.tokens}: a bearer token and what it may do. */
    /** The consumers of payhook.events, each a durable queue on that address that keeps what it missed. */
    public static class Events {
        private List<@Pattern(regexp = "[A-Za-z0-9_-]{1,64}") String> subscribers = new ArrayList<>();
        /**
         * The delays between attempts of a route of the merchant's own at a message of its subscriber
         * queue; after the last, the message is parked on payhook.deliveries.failed for a replay.
         */
        @NotNull
        private List<@NotNull Duration> retrySchedule = List.of(
                Duration.ofSeconds(5),
                Duration.ofMinutes(1),
                Duration.ofMinutes(5),
                Duration.ofMinutes(30),
                Duration.ofHours(2),
                Duration.ofHours(5));

        public List<Duration> getRetrySchedule() {
            return retrySchedule;
        }

        public void setRetrySchedule(List<Duration> retrySchedule) {
            this.retrySchedule = retrySchedule;
        }

        public List<String> getSubscribers() {
            return subscribers;
        }

        public void setSubscribers(List<String> subscribers) {
            this.subscribers = subscribers == null ? new ArrayList<>() : subscribers;
        }
    }

    /** Read by routes/processing.yaml ({@code enabled}, {@code consumers}) and the failure handling. */
    public static class Processing {
        /** false leaves accepted messages on payhook.inbound: the ingress keeps answering. */
        private boolean enabled = true;

        @Min(1)
        private int consumers = 4;
        /** Attempts after which a message that fails on its own goes to payhook.dlq. */
        @Min(1)
        private int maxAttempts = 5;
        /** Messages applied in one database transaction (and acknowledged in one JMS transaction) at most. */
        @Min(1)
        @Max(1000)
        private int batchSize = 32;

        public int getBatchSize() {
            return batchSize;
        }

        public void setBatchSize(int batchSize) {
            this.batchSize = batchSize;
        }

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public int getConsumers() {
            return consumers;
        }

        public void setConsumers(int consumers) {
            this.consumers = consumers;
        }

        public int getMaxAttempts() {
            return maxAttempts;
        }

        public void setMaxAttempts(int maxAttempts) {
            this.maxAttempts = maxAttempts;
        }
    }

    public static class Outbox {
        /** Read by the worker's schedule. */
        @NotNull
        private Duration pollInterval = Duration.ofMillis(200);

        @Min(1)
        private int batchSize = 100;

        /** Threads publishing at once in this instance. */
        @Min(1)
        @Max(16)
        private int workers = 4;

        @NotNull
        private Duration initialBackoff = Duration.ofSeconds(1);

        @NotNull
        private Duration maxBackoff = Duration.ofMinutes(5);

        public Duration getPollInterval() {
            return pollInterval;
        }

        public void setPollInterval(Duration pollInterval) {
            this.pollInterval = pollInterval;
        }

        public int getBatchSize() {
            return batchSize;
        }

        public void setBatchSize(int batchSize) {
            this.batchSize = batchSize;
        }

        public int getWorkers() {
            return workers;
        }

        public void setWorkers(int workers) {
            this.workers = workers;
        }

        public Duration getInitialBackoff() {
            return initialBackoff;
        }

        public void setInitialBackoff(Duration initialBackoff) {
            this.initialBackoff = initialBackoff;
        }

        public Duration getMaxBackoff() {
            return maxBackoff;
        }

        public void setMaxBackoff(Duration maxBackoff) {
            this.maxBackoff = maxBackoff;
        }
    }

    /** A burst of refused signatures is an attack or a wrong secret: alert once per window and provider. */
    public static class Alerts {
        @Min(1)
        private int signatureBurst = 20;

        @NotNull
        private Duration signatureWindow = Duration.ofMinutes(1);

        public int getSignatureBurst() {
            return signatureBurst;
        }

        public void setSignatureBurst(int signatureBurst) {
            this.signatureBurst = signatureBurst;
        }

        public Duration getSignatureWindow() {
            return signatureWindow;
        }

        public void setSignatureWindow(Duration signatureWindow) {
            this.signatureWindow = signatureWindow;
        }
    }

    /** The PostgreSQL server Payhook runs itself when {@code spring.datasource.url} is not set. */
    public static class EmbeddedPostgres {
        /** Kept between runs; blank: a throw-away server in a temporary directory. */
        @NotNull
        private String dataDir = "./data/postgres";
        /** On 127.0.0.1; 0: any free port. */
        @Min(0)
        @Max(65535)
        private int port = 15432;

        public String getDataDir() {
            return dataDir;
        }

        public void setDataDir(String dataDir) {
            this.dataDir = dataDir == null ? "" : dataDir;
        }

        public int getPort() {
            return port;
        }

        public void setPort(int port) {
            this.port = port;
        }
    }
}
