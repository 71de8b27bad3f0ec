package dev.payhook.support;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A real failure inside an event's transaction, after the payment rows and before the entitlement:
 * a trigger on the entitlement insert of one order raises {@code raise} (a plpgsql RAISE
 * statement). Closing it removes the trigger.
 */
public final class EntitlementFault implements AutoCloseable {

    private final JdbcTemplate jdbc;
    private final String name;

    private EntitlementFault(JdbcTemplate jdbc, String order, boolean once, String raise) {
        this.jdbc = jdbc;
        this.name = "fault_" + order;
        // a sequence counts the inserts tried: it is not rolled back with them
        jdbc.execute("CREATE SEQUENCE " + name);
        jdbc.execute("CREATE FUNCTION " + name + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "IF NEW.order_id = '" + order + "' AND nextval('" + name + "') " + (once ? "= 1" : ">= 1")
                + " THEN " + raise + "; END IF; RETURN NEW; END $$");
        jdbc.execute("CREATE TRIGGER " + name + " BEFORE INSERT ON entitlements FOR EACH ROW EXECUTE FUNCTION " + name
                + "()");
    }

    /** Every entitlement insert for {@code order} fails. */
    public static EntitlementFault always(JdbcTemplate jdbc, String order, String raise) {
        return new EntitlementFault(jdbc, order, false, raise);
    }

    /** The first entitlement insert for {@code order} fails, the next ones pass. */
    public static EntitlementFault once(JdbcTemplate jdbc, String order, String raise) {
        return new EntitlementFault(jdbc, order, true, raise);
    }

    /** The entitlement inserts tried for the order so far. */
    public long inserts() {
        Long n = jdbc.queryForObject("SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM " + name, Long.class);
        return n == null ? 0 : n;
    }

    @Override
    public void close() {
        jdbc.execute("DROP TRIGGER " + name + " ON entitlements");
        jdbc.execute("DROP FUNCTION " + name + "()");
        jdbc.execute("DROP SEQUENCE " + name);
    }
}
