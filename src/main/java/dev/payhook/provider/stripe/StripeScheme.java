package dev.payhook.provider.stripe;

import dev.payhook.provider.Acknowledgement;
import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.TimestampedHmac;
import java.time.Clock;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** Stripe signs {@code Stripe-Signature: t=..,v1=..}, HMAC-SHA256 over {@code t.body}, and wants {@code {"received":true}}. */
@Component
public class StripeScheme implements SchemeFactory<HmacSecrets> {

    @Override
    public String name() {
        return "stripe";
    }

    @Override
    public Class<HmacSecrets> settings() {
        return HmacSecrets.class;
    }

    @Override
    public Optional<String> defaultFormat() {
        return Optional.of("stripe");
    }

    @Override
    public SignatureScheme create(String provider, HmacSecrets secrets, Clock clock) {
        return new TimestampedHmac(
                "stripe-signature",
                ",",
                "t",
                "v1",
                ".",
                secrets,
                clock,
                Acknowledgement.json(200, "{\"received\":true}"));
    }
}
