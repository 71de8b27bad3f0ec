package dev.payhook.config;

import java.util.List;
import org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.SimpleCommandLinePropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The settings as a gateway started here would read them (the arguments, the environment,
 * ./config/application.yml, the jar's), for the tools that run beside it without starting one.
 */
public final class OfflineSettings {

    private OfflineSettings() {}

    public static ConfigurableEnvironment of(List<String> arguments) {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().addFirst(new SimpleCommandLinePropertySource(arguments.toArray(String[]::new)));
        ConfigDataEnvironmentPostProcessor.applyTo(env);
        return env;
    }
}
