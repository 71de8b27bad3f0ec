package dev.payhook.provider.alipay;

import dev.payhook.provider.SchemeFactory;
import dev.payhook.provider.SignatureScheme;
import java.time.Clock;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** Alipay's RSA2 over the sorted form parameters. */
@Component
public class AlipayScheme implements SchemeFactory<AlipayKeys> {

    @Override
    public String name() {
        return "alipay-rsa2";
    }

    @Override
    public Class<AlipayKeys> settings() {
        return AlipayKeys.class;
    }

    @Override
    public Optional<String> defaultFormat() {
        return Optional.of("alipay");
    }

    @Override
    public SignatureScheme create(String provider, AlipayKeys settings, Clock clock) {
        return new AlipaySignature(provider, settings);
    }
}
