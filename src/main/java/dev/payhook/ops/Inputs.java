package dev.payhook.ops;

import dev.payhook.payment.WireName;
import dev.payhook.provider.Identifiers;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The checks every ops and merchant API input goes through; a failed one is an {@link InvalidInput}. */
final class Inputs {

    static final int MAX_ROWS = 1000;

    private Inputs() {}

    /** An id or name as Payhook stores them everywhere ({@link Identifiers}). */
    static String identifier(String value, String field) {
        String problem = Identifiers.problem(value, field);
        if (problem != null) {
            throw new InvalidInput(problem);
        }
        return value;
    }

    /** An optional filter: absent is null, present must be an identifier. */
    static String optionalIdentifier(String value, String field) {
        return value == null ? null : identifier(value, field);
    }

    /** A console form's field: blank is no value, else the value without its surrounding spaces. */
    static String blankless(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** Free text a person wrote (a note): lines and tabs allowed, no other control character. */
    static String text(String value, String field, int max) {
        if (value == null) {
            return null;
        }
        if (value.length() > max) {
            throw new InvalidInput(
                    field + " is " + value.length() + " characters long, at most " + max + " are allowed");
        }
        if (value.chars().anyMatch(c -> Character.isISOControl(c) && c != '\n' && c != '\t')) {
            throw new InvalidInput(field + " contains a control character");
        }
        return value;
    }

    /** A status filter among the constants of {@code type}; {@code all} (null for the store) lists every status. */
    static <E extends Enum<E> & WireName> E status(String requested, Class<E> type) {
        if (requested.equals("all")) {
            return null;
        }
        try {
            return WireName.parse(type, requested);
        } catch (IllegalArgumentException e) {
            throw new InvalidInput("status must be one of "
                    + Stream.of(type.getEnumConstants()).map(WireName::wireName).collect(Collectors.joining(", "))
                    + " or all");
        }
    }

    /** The times a filter may name: every one the database and its driver store as given. */
    static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");

    static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

    /**
     * An optional time filter: blank is none; an ISO-8601 instant, or a console form's local date
     * and time read as UTC, from {@link #EARLIEST} to {@link #LATEST}.
     */
    static Instant instant(String value, String field) {
        String v = blankless(value);
        if (v == null) {
            return null;
        }
        Instant at;
        try {
            at = Instant.parse(v);
        } catch (DateTimeParseException notAnInstant) {
            try {
                at = LocalDateTime.parse(v).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e) {
                throw InvalidInput.parameter(field + " must be an ISO-8601 instant such as 2026-01-31T00:00:00Z");
            }
        }
        if (at.isBefore(EARLIEST) || at.isAfter(LATEST)) {
            throw InvalidInput.parameter(field + " must be from " + EARLIEST + " to " + LATEST);
        }
        return at;
    }

    /** A page size from 1 to {@link #MAX_ROWS}. */
    static int limit(int requested) {
        if (requested < 1 || requested > MAX_ROWS) {
            throw new InvalidInput("limit must be from 1 to " + MAX_ROWS);
        }
        return requested;
    }
}
