package dev.payhook.store;

/**
 * Text from outside Payhook made storable: PostgreSQL text and jsonb hold no NUL, a lone surrogate
 * does not survive UTF-8, and an indexed column has a size limit. The raw bytes of a delivery are
 * kept exactly (bytea); what is written as text beside them is this readable, bounded copy.
 */
public final class Storable {

    private static final char REPLACEMENT = '\uFFFD';

    private Storable() {}

    /** {@code text} with control characters (but tab and newline) and lone surrogates replaced, cut to {@code max} characters. */
    public static String text(String text, int max) {
        if (text == null) {
            return null;
        }
        StringBuilder clean = new StringBuilder(text.length());
        text.codePoints()
                .forEach(c -> clean.appendCodePoint(
                        (Character.isISOControl(c) && c != '\n' && c != '\t')
                                        || Character.getType(c) == Character.SURROGATE
                                ? REPLACEMENT
                                : c));
        if (clean.length() <= max) {
            return clean.toString();
        }
        int cut = Character.isHighSurrogate(clean.charAt(max - 2)) ? max - 2 : max - 1;
        return clean.substring(0, cut) + '\u2026';
    }
}
