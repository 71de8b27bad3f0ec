package dev.payhook.store;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

/** A timestamptz column as an {@link Instant}, with the database's microseconds; null stays null. */
public final class Times {

    private Times() {}

    public static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp at = rs.getTimestamp(column);
        return at == null ? null : at.toInstant();
    }

    public static Instant instant(ResultSet rs, int column) throws SQLException {
        Timestamp at = rs.getTimestamp(column);
        return at == null ? null : at.toInstant();
    }
}
