package dev.payhook.ops;

/** The query parameters the ops list endpoints share. */
final class Listing {

    private static final int MAX_ROWS = 1000;

    private Listing() {
    }

    /** The requested page size, kept within 1 and {@link #MAX_ROWS}. */
    static int limit(int requested) {
        return Math.max(1, Math.min(requested, MAX_ROWS));
    }

    /** A status filter; {@code all} (null for the store) lists every status. */
    static String status(String requested) {
        return requested.equals("all") ? null : requested;
    }
}
