package dev.payhook.provider;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The signing kit for a provider of {@link TimestampedHmac}: its format and its scheme. */
public abstract class TimestampedHmacContract extends SigningContract {

    protected static final String SECRET = "timestamped_hmac_signing_test";

    private final TimestampedHmac.Format format;
    private final Function<HmacSecrets, SignatureScheme> scheme;

    /** The provider's format, and its scheme made of the secrets. */
    protected TimestampedHmacContract(TimestampedHmac.Format format, Function<HmacSecrets, SignatureScheme> scheme) {
        this.format = format;
        this.scheme = scheme;
    }

    @Override
    protected SignatureScheme scheme() {
        return scheme.apply(new HmacSecrets(List.of(SECRET), Duration.ofMinutes(5)));
    }

    @Override
    protected WebhookRequest signed(String body) {
        String header = format.sign(SECRET, Instant.now().getEpochSecond(), utf8(body));
        return request("timestamped", utf8(body), Map.of(format.header(), header));
    }
}
