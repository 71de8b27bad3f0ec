package dev.payhook.config;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/** {@code payhook.ingress.*}: how the public listener takes webhooks and browser returns. */
@Validated
@ConfigurationProperties("payhook.ingress")
public class IngressProperties {
    @NotNull
    private DataSize maxBody = DataSize.ofMegabytes(1);

    /** Load balancers (CIDRs) whose X-Forwarded-For or Forwarded names the client; none: never read. */
    private List<String> trustedProxies = new ArrayList<>();

    /** How long the ingress waits for the broker to acknowledge a persistent send before it answers 503. */
    @NotNull
    private Duration sendTimeout = Duration.ofSeconds(2);

    /** A request body still arriving this long after its headers is answered 408. */
    @NotNull
    private Duration bodyTimeout = Duration.ofSeconds(10);

    /** A request body arriving slower than this per second, once its first second is over, is answered 408. */
    @NotNull
    private DataSize minBodyRate = DataSize.ofKilobytes(1);

    /**
     * A provider that signs nothing (Mollie) names an object to fetch: a notification naming one
     * fetched less than this ago is processed only once the window is over, and not at all while
     * another for it is still due (docs/DESIGN.md §4.3).
     */
    @NotNull
    private Duration thinDedupeWindow = Duration.ofMinutes(1);

    /** Notifications of a provider that signs nothing taken per source address per minute; more: 429. */
    private int unsignedPerSource = 120;

    public Duration getThinDedupeWindow() {
        return thinDedupeWindow;
    }

    public void setThinDedupeWindow(Duration thinDedupeWindow) {
        this.thinDedupeWindow = thinDedupeWindow;
    }

    public int getUnsignedPerSource() {
        return unsignedPerSource;
    }

    public void setUnsignedPerSource(int unsignedPerSource) {
        this.unsignedPerSource = unsignedPerSource;
    }

    public Duration getBodyTimeout() {
        return bodyTimeout;
    }

    public void setBodyTimeout(Duration bodyTimeout) {
        this.bodyTimeout = bodyTimeout;
    }

    public DataSize getMinBodyRate() {
        return minBodyRate;
    }

    public void setMinBodyRate(DataSize minBodyRate) {
        this.minBodyRate = minBodyRate;
    }

    public Duration getSendTimeout() {
        return sendTimeout;
    }

    public void setSendTimeout(Duration sendTimeout) {
        this.sendTimeout = sendTimeout;
    }

    public DataSize getMaxBody() {
        return maxBody;
    }

    public void setMaxBody(DataSize maxBody) {
        this.maxBody = maxBody;
    }

    public List<String> getTrustedProxies() {
        return trustedProxies;
    }

    public void setTrustedProxies(List<String> trustedProxies) {
        this.trustedProxies = trustedProxies == null ? new ArrayList<>() : trustedProxies;
    }
}
