package dev.payhook.config;

import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/** {@code payhook.refunds.*}: giving back what was taken twice (docs/DESIGN.md §12). */
@Validated
@ConfigurationProperties("payhook.refunds")
public class RefundProperties {

    /** What a double payment's review does about the extra money. */
    public enum DoublePayment {
        /** The review offers "Refund this payment" to a person with the refund role. */
        REVIEW,
        /** The refund is requested in the transaction that opens the review. */
        AUTOMATIC
    }

    @NotNull
    private DoublePayment doublePayment = DoublePayment.REVIEW;

    /** How often requests due for a call are looked for. */
    @NotNull
    private Duration pollInterval = Duration.ofSeconds(1);

    /**
     * How long after a call the provider is asked again about a refund it accepted but has not
     * settled, or about a call whose outcome is unknown; also how long a call in flight holds its
     * request before another worker may take it up (after a crash).
     */
    @NotNull
    private Duration followUp = Duration.ofMinutes(5);

    public DoublePayment getDoublePayment() {
        return doublePayment;
    }

    public void setDoublePayment(DoublePayment doublePayment) {
        this.doublePayment = doublePayment;
    }

    public Duration getPollInterval() {
        return pollInterval;
    }

    public void setPollInterval(Duration pollInterval) {
        this.pollInterval = pollInterval;
    }

    public Duration getFollowUp() {
        return followUp;
    }

    public void setFollowUp(Duration followUp) {
        this.followUp = followUp;
    }
}
