package dev.payhook.provider;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** A subscription as a provider's API answered it, read as one more event of its history. */
public final class SubscriptionSnapshot {

    private SubscriptionSnapshot() {}

    /**
     * The same answer always gets the same id, a changed one another: asked again daily, an
     * unchanged subscription is a duplicate at the first lock, a changed one is applied.
     */
    public static String eventId(String providerSubscriptionId, byte[] answer) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(answer);
            return "query:" + providerSubscriptionId + ":" + HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
