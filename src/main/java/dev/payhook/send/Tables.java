package dev.payhook.send;

import dev.payhook.config.SetupFailure;
import dev.payhook.provider.types.Action;
import dev.payhook.provider.types.TypeTable;
import dev.payhook.provider.types.TypeTables;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;
import org.springframework.core.env.Environment;

/**
 * The provider's type table as the gateway reads it: the routes folder's, else the jar's. A local
 * table that is broken is said in two lines and the jar's is read instead, so that {@code send} can
 * still try the gateway, which goes on with the table it had.
 */
record Tables(PrintStream err) {

    Optional<TypeTable> of(Environment env, String provider, String kind) {
        TypeTables local = new TypeTables(Path.of(env.getProperty("payhook.routes.dir", "routes")));
        try {
            return local.own(provider).or(() -> local.own(kind));
        } catch (SetupFailure broken) {
            err.println("payhook send: " + broken.problem());
            err.println("  fix: " + broken.fix() + "; meanwhile send reads the jar's table, and a gateway that"
                    + " was running keeps the one it had");
            TypeTables jar = TypeTables.shipped();
            return jar.own(provider).or(() -> jar.own(kind));
        }
    }

    /**
     * Whether the table gives the type a meaning: an event it ignores (as customer.updated) pays no
     * order, so none is registered for it. A provider without a table reads every notification.
     */
    static boolean actedOn(Optional<TypeTable> table, String type) {
        return table.map(t -> t.find(type).map(e -> e.action() != Action.IGNORE).orElse(false))
                .orElse(true);
    }
}
