package dev.payhook.check;

import dev.payhook.broker.DestinationProperties;
import dev.payhook.config.Branches;
import dev.payhook.config.OfflineSettings;
import dev.payhook.config.RouteSources;
import dev.payhook.config.SetupFailure;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * {@code payhook check [DIR] [--name=value ...]}: the route files, route templates, type tables and
 * branches a gateway started here would read, checked as its start checks them, without starting
 * one: no database, no broker, no port. Each problem as a start says it, with the lines around
 * it and the fix. Exit 0 when there is none, 1 when there are, 2 when it could not check.
 */
public final class CheckCommand {

    private CheckCommand() {}

    public static void main(String[] args) {
        LoggingSystem logging = LoggingSystem.get(CheckCommand.class.getClassLoader());
        logging.beforeInitialize();
        logging.setLogLevel(LoggingSystem.ROOT_LOGGER_NAME, LogLevel.WARN);
        System.exit(run(System.out, System.err, args));
    }

    public static int run(PrintStream out, PrintStream err, String... args) {
        List<String> settings = new ArrayList<>();
        List<String> folders = new ArrayList<>();
        for (String a : args) {
            (a.startsWith("--") ? settings : folders).add(a);
        }
        if (folders.size() > 1) {
            err.println("payhook check: one routes folder at most, given " + folders);
            err.println("  fix: payhook check [DIR] [--name=value ...]");
            return 2;
        }
        ConfigurableEnvironment env = OfflineSettings.of(settings);
        new DestinationProperties().postProcessEnvironment(env, new SpringApplication());
        Path dir = Path.of(folders.isEmpty() ? env.getProperty("payhook.routes.dir", "routes") : folders.get(0));
        if (!Files.isDirectory(dir)) {
            err.println("payhook check: " + dir + " is no folder");
            err.println("  fix: name the routes folder to check (default ./routes, payhook.routes.dir)");
            return 2;
        }
        try {
            Checked routes = new RouteCheck(RouteSources.of(dir), env).check();
            Checked tables = new TableCheck(dir, env).check();
            List<Finding> findings = new ArrayList<>(routes.findings());
            findings.addAll(tables.findings());
            int branches = 0;
            try {
                branches = new Branches(env).all().size();
            } catch (SetupFailure wrong) {
                findings.add(Finding.of(wrong.problem(), wrong.fix()));
            }
            findings.forEach(f -> out.println(f.said() + System.lineSeparator()));
            out.println(
                    dir + ": " + routes.read() + " routes, " + tables.read() + " type tables of its own, " + branches
                            + " branches: "
                            + (findings.isEmpty()
                                    ? "no problem found"
                                    : findings.size() + " problem" + (findings.size() == 1 ? "" : "s")));
            return findings.isEmpty() ? 0 : 1;
        } catch (SetupFailure wrong) {
            err.println("payhook check: " + wrong.problem());
            err.println("  fix: " + wrong.fix());
            return 2;
        } catch (Exception e) {
            err.println("payhook check: it failed: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            err.println("  fix: run it again, and report it with these two lines if it fails the same way");
            return 2;
        }
    }
}
