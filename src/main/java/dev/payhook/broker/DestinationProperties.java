package dev.payhook.broker;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Publishes the {@link Destination} names as properties before anything reads the configuration:
 * {@code payhook.destination.<name>} for each, and {@code payhook.destination.queues} /
 * {@code .topics} listing them for the embedded broker.
 */
public class DestinationProperties implements EnvironmentPostProcessor {

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        Map<String, Object> properties = new LinkedHashMap<>();
        for (Destination d : Destination.values()) {
            properties.put(d.property(), d.address());
        }
        properties.put("payhook.destination.queues", addresses(false));
        properties.put("payhook.destination.topics", addresses(true));
        environment.getPropertySources().addLast(new MapPropertySource("payhookDestinations", properties));
    }

    private static String addresses(boolean topics) {
        return Stream.of(Destination.values())
                .filter(d -> d.isTopic() == topics)
                .map(Destination::address)
                .collect(Collectors.joining(","));
    }
}
