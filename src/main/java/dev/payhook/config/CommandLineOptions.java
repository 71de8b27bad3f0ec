package dev.payhook.config;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringApplicationRunListener;
import org.springframework.boot.bootstrap.ConfigurableBootstrapContext;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * An option given twice on the command line stops the start. Spring would join the two values with
 * a comma: a port {@code 0,8080} fails to convert, but a data directory {@code ,/tmp/x} is a
 * relative path, and a database would be made in the working directory.
 */
public class CommandLineOptions implements SpringApplicationRunListener {

    private final String[] args;

    public CommandLineOptions(SpringApplication application, String[] args) {
        this.args = args.clone();
    }

    @Override
    public void environmentPrepared(ConfigurableBootstrapContext bootstrap, ConfigurableEnvironment environment) {
        Map<String, Integer> given = new LinkedHashMap<>();
        for (String arg : args) {
            if (arg.startsWith("--") && arg.length() > 2) {
                int equals = arg.indexOf('=');
                given.merge(equals < 0 ? arg.substring(2) : arg.substring(2, equals), 1, Integer::sum);
            }
        }
        given.forEach((name, times) -> {
            if (times > 1) {
                throw new SetupFailure(
                        "--" + name + " is given " + times + " times on the command line",
                        "give it once: Spring would not take the last, it would join them with commas");
            }
        });
    }
}
