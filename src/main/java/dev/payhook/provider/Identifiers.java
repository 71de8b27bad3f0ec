package dev.payhook.provider;

/**
 * What an identifier may be wherever Payhook stores, indexes or compares one (event, payment,
 * refund, order, product ids, event type names): 1 to {@value #MAX_LENGTH} characters (code points),
 * no control character (PostgreSQL text cannot hold NUL), no lone surrogate (it would not survive
 * UTF-8) and no invisible format character (a bidi override or a zero-width space makes an id show
 * as another one in the console).
 * Provider payloads and the merchant API are held to the same rule, so an order the API accepts is
 * an order a provider can name.
 */
public final class Identifiers {

    public static final int MAX_LENGTH = 255;

    private Identifiers() {}

    /** Why {@code value} is not a valid {@code field}, or null when it is one. */
    public static String problem(String value, String field) {
        if (value == null || value.isBlank()) {
            return field + " is missing";
        }
        int length = value.codePointCount(0, value.length());
        if (length > MAX_LENGTH) {
            return field + " is " + length + " characters long, at most " + MAX_LENGTH + " are allowed";
        }
        for (int i = 0; i < value.length(); i += Character.charCount(value.codePointAt(i))) {
            int c = value.codePointAt(i);
            if (Character.isISOControl(c)) {
                return field + " contains the control character U+" + String.format("%04X", c) + " at position " + i;
            }
            if (Character.getType(c) == Character.SURROGATE) {
                return field + " contains a lone surrogate at position " + i;
            }
            if (Character.getType(c) == Character.FORMAT) {
                // bidi overrides and zero-width characters make an id display as another one
                return field + " contains the invisible format character U+" + String.format("%04X", c)
                        + " at position " + i;
            }
        }
        return null;
    }

    /** {@code value} when it is a valid {@code field}; otherwise the payload cannot be applied. */
    public static String require(String value, String field) {
        String problem = problem(value, field);
        if (problem != null) {
            throw new InvalidIdentifier(problem);
        }
        return value;
    }

    /** Like {@link #require}, but an absent (null or blank) value is null. */
    public static String optional(String value, String field) {
        return value == null || value.isBlank() ? null : require(value, field);
    }
}
