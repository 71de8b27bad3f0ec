package dev.payhook.provider.paddle;

import dev.payhook.provider.Acknowledgement;
import dev.payhook.provider.HmacSecrets;
import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.SignatureScheme;
import dev.payhook.provider.TimestampedHmac;
import java.time.Clock;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** Paddle Billing signs {@code Paddle-Signature: ts=..;h1=..}, HMAC-SHA256 over {@code ts:body}. */
@Component
public class PaddleScheme implements SchemeFactory<HmacSecrets> {

    @Override
    public String name() {
        return "paddle";
    }

    @Override
    public Class<HmacSecrets> settings() {
        return HmacSecrets.class;
    }

    @Override
    public Optional<String> defaultFormat() {
        return Optional.of("paddle");
    }

    @Override
    public SignatureScheme create(String provider, HmacSecrets secrets, Clock clock) {
        return new TimestampedHmac(
                "paddle-signature", ";", "ts", "h1", ":", secrets, clock, Acknowledgement.empty(200));
    }
}
