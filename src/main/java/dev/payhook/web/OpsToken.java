package dev.payhook.web;

import dev.payhook.config.PayhookProperties;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/** The shared ops token ({@code payhook.ops.token}), compared in constant time; none configured: nothing matches. */
@Component
public class OpsToken {

    private static final Logger log = LoggerFactory.getLogger(OpsToken.class);

    /** 128 bits as hex: what {@code openssl rand -hex 16} gives; the README asks for twice that. */
    static final int MIN_LENGTH = 32;

    private final byte[] token;

    public OpsToken(PayhookProperties properties) {
        String configured = properties.getOps().getToken().trim();
        if (!configured.isEmpty() && configured.length() < MIN_LENGTH) {
            // the README's own example once was "change-me": a token that short is guessed, not kept
            throw new IllegalStateException("payhook.ops.token (PAYHOOK_OPS_TOKEN) is " + configured.length()
                    + " characters long; at least " + MIN_LENGTH + " are required: generate one with "
                    + "openssl rand -hex 32");
        }
        this.token = configured.isEmpty() ? null : configured.getBytes(StandardCharsets.UTF_8);
        if (token == null) {
            log.warn("payhook.ops.token is not set (PAYHOOK_OPS_TOKEN): the management listener refuses every "
                    + "request but /actuator/health, and nobody can log in to the console");
        }
    }

    boolean configured() {
        return token != null;
    }

    boolean matches(String candidate) {
        return token != null
                && candidate != null
                && MessageDigest.isEqual(token, candidate.trim().getBytes(StandardCharsets.UTF_8));
    }

    /** An {@code Authorization: Bearer <token>} header with the token. */
    boolean bearer(String header) {
        return header != null && header.regionMatches(true, 0, "Bearer ", 0, 7) && matches(header.substring(7));
    }
}
