package dev.payhook.web;

import dev.payhook.config.OpsProperties;
import dev.payhook.config.OpsRole;
import dev.payhook.config.SetupFailure;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The ops tokens: the single {@code payhook.ops.token}, which may do everything, and the named
 * {@code payhook.ops.tokens} with their roles. A candidate is compared with every one of them in
 * constant time, so neither the answer's time nor its order tells which token came close.
 */
@Component
public class OpsTokens {

    private static final Logger log = LoggerFactory.getLogger(OpsTokens.class);

    /** 128 bits as hex: what {@code openssl rand -hex 16} gives; the README asks for twice that. */
    static final int MIN_LENGTH = 32;

    /** Who the single token's holder is, in the audit trail. */
    static final String SINGLE = "ops-token";

    /** Who presented a token: its name ({@code ops-token} for the single one) and its roles. */
    public record Holder(String name, Set<OpsRole> roles) {

        /** As the audit trail names it. */
        public String principal() {
            return SINGLE.equals(name) ? SINGLE : "token:" + name;
        }
    }

    private record Token(byte[] value, Holder holder) {}

    private final List<Token> tokens = new ArrayList<>();

    public OpsTokens(OpsProperties ops) {
        add("payhook.ops.token (PAYHOOK_OPS_TOKEN)", ops.getToken(), new Holder(SINGLE, OpsRole.ALL));
        for (Map.Entry<String, OpsProperties.NamedToken> named : ops.getTokens().entrySet()) {
            add(
                    "payhook.ops.tokens." + named.getKey() + ".token",
                    named.getValue().getToken(),
                    new Holder(named.getKey(), Set.copyOf(named.getValue().getRoles())));
        }
        if (tokens.isEmpty()) {
            log.warn("Neither payhook.ops.token (PAYHOOK_OPS_TOKEN) nor payhook.ops.tokens is set: the management "
                    + "listener refuses every request but /actuator/health, and nobody can log in to the console");
        }
    }

    private void add(String property, String configured, Holder holder) {
        String value = configured.trim();
        if (value.isEmpty()) {
            if (!SINGLE.equals(holder.name())) {
                throw new SetupFailure(
                        property + " is empty", "a named token needs a value; generate one with openssl rand -hex 32");
            }
            return;
        }
        if (value.length() < MIN_LENGTH) {
            // the README's own example once was "change-me": a token that short is guessed, not kept
            throw new SetupFailure(
                    property + " is " + value.length() + " characters long; at least " + MIN_LENGTH + " are required",
                    "generate one with openssl rand -hex 32");
        }
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        for (Token other : tokens) {
            if (MessageDigest.isEqual(other.value(), bytes)) {
                throw new SetupFailure(
                        property + " has the same value as the token of "
                                + other.holder().principal(),
                        "give each holder a token of its own, or the audit trail cannot tell them apart");
            }
        }
        tokens.add(new Token(bytes, holder));
    }

    boolean configured() {
        return !tokens.isEmpty();
    }

    /** The holder of {@code candidate}, every token compared whatever matched before. */
    Optional<Holder> match(String candidate) {
        if (candidate == null) {
            return Optional.empty();
        }
        byte[] bytes = candidate.trim().getBytes(StandardCharsets.UTF_8);
        Holder found = null;
        for (Token token : tokens) {
            if (MessageDigest.isEqual(token.value(), bytes)) {
                found = token.holder();
            }
        }
        return Optional.ofNullable(found);
    }

    /** The holder of the token an {@code Authorization: Bearer <token>} header carries. */
    Optional<Holder> bearer(String header) {
        return header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)
                ? match(header.substring(7))
                : Optional.empty();
    }
}
