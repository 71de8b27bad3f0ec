package dev.payhook.config;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/** {@code payhook.subscriptions.*}: how a subscription's state turns into its order's entitlement (docs/DESIGN.md §8). */
@Validated
@ConfigurationProperties("payhook.subscriptions")
public class SubscriptionProperties {

    /** How long a past-due subscription keeps its entitlement after the first failed renewal. */
    @NotNull
    private Duration grace = Duration.ofDays(7);

    /** How often entitlements due to end (grace over, paid period over) are settled again. */
    @NotNull
    private Duration checkInterval = Duration.ofMinutes(1);

    public Duration getGrace() {
        return grace;
    }

    public void setGrace(Duration grace) {
        this.grace = grace;
    }

    public Duration getCheckInterval() {
        return checkInterval;
    }

    public void setCheckInterval(Duration checkInterval) {
        this.checkInterval = checkInterval;
    }
}
