package dev.payhook.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The integrator's branches ({@code payhook.branches.<name>}): verified provider events, by
 * provider and type, sent to any Camel endpoint after the gateway committed their effects. Checked
 * at start; a mistake stops it, named.
 */
@Component
public class Branches {

    /**
     * One branch.
     *
     * @param to the Camel endpoint URI the events go to ({@code direct:crm}, {@code http://..}, {@code jms:..})
     * @param events {@code <provider>:<type>} each, {@code *} matching any run of characters
     * @param retrySchedule the delays between attempts after a failure; then the event is parked
     * @param secrets the {@code whsec_} secrets each event is signed with, as Standard Webhooks; two
     *     while the receiver rotates; none for a branch to a route of the integrator's own
     */
    public record Branch(
            String name,
            String to,
            List<String> events,
            List<Duration> retrySchedule,
            int concurrency,
            boolean enabled,
            List<String> secrets) {

        /** Never the secrets: a branch is named in logs and failures. */
        @Override
        public String toString() {
            return "branch " + name + " to " + Redaction.of(to) + " " + events;
        }
    }

    /** How a branch is written in configuration. */
    record Settings(
            String to,
            List<String> events,

            @DefaultValue({"5s", "1m", "5m", "30m", "2h", "5h"})
            List<Duration> retrySchedule,

            @DefaultValue("1") int concurrency,
            @DefaultValue("true") boolean enabled,
            List<String> secrets) {}

    /** The components that take an event out of the gateway over HTTP: such a branch signs what it sends. */
    private static final Set<String> HTTP = Set.of("http", "https", "vertx-http", "netty-http");

    private static final Pattern EVENT = Pattern.compile("[A-Za-z0-9_*-]{1,64}:[^\\s,']{1,200}");

    private final Environment environment;
    private final Map<String, Branch> branches = new LinkedHashMap<>();
    private final List<Pattern> wanted = new ArrayList<>();

    public Branches(Environment environment) {
        this.environment = environment;
        Map<String, Settings> configured = new TreeMap<>(Binder.get(environment)
                .bind("payhook.branches", Bindable.mapOf(String.class, Settings.class))
                .orElse(Map.of()));
        List<String> problems = new ArrayList<>();
        configured.forEach((name, s) -> {
            String prefix = "payhook.branches." + name;
            if (!name.matches("[a-z0-9][a-z0-9-]{0,62}")) {
                problems.add(prefix + ": a name is 1 to 63 lower-case letters, digits or -, as it names a queue");
            }
            if (s.to() == null || s.to().isBlank()) {
                problems.add(prefix + ".to: the Camel endpoint URI the events go to (direct:crm, https://..)");
            }
            List<String> events = s.events() == null ? List.of() : s.events();
            if (events.isEmpty()) {
                problems.add(prefix + ".events: name at least one <provider>:<type> (stripe:customer.updated)");
            }
            events.stream()
                    .filter(e -> !EVENT.matcher(e).matches())
                    .forEach(e -> problems.add(prefix + ".events: '" + e + "' is not <provider>:<type>"));
            if (s.concurrency() < 1) {
                problems.add(prefix + ".concurrency: at least 1");
            }
            if (s.retrySchedule().stream().anyMatch(Duration::isNegative)) {
                problems.add(prefix + ".retry-schedule: delays are not negative");
            }
            List<String> secrets = s.secrets() == null
                    ? List.of()
                    : s.secrets().stream()
                            .filter(x -> x != null && !x.isBlank())
                            .toList();
            if (secrets.stream().anyMatch(x -> !WebhookSecret.decodes(x))) {
                problems.add(prefix + ".secrets: a secret is whsec_ followed by base64");
            }
            if (secrets.isEmpty() && s.to() != null && HTTP.contains(EndpointUris.component(s.to().trim()))) {
                problems.add(prefix + ".secrets: a branch to an HTTP URL signs each event as Standard Webhooks,"
                        + " so that its receiver can tell Payhook from anyone else; set one whsec_ secret"
                        + " (whsec_ and the base64 of 32 random bytes), two while rotating");
            }
            branches.put(
                    name,
                    new Branch(
                            name,
                            s.to() == null ? null : s.to().trim(),
                            List.copyOf(events),
                            List.copyOf(s.retrySchedule()),
                            s.concurrency(),
                            s.enabled(),
                            secrets));
        });
        branches.values().forEach(b -> b.events().forEach(e -> wanted.add(Glob.compile(e))));
        if (!problems.isEmpty()) {
            throw new SetupFailure(String.join("; ", problems), "correct payhook.branches (docs/integrating.md)");
        }
    }

    /** The kind a provider event has on payhook.events: {@code <provider>:<type>}. */
    public static String kind(String provider, String type) {
        return provider + ":" + type;
    }

    /** Whether any branch wants events of {@code type} from {@code provider}: only those are written. */
    public boolean want(String provider, String type) {
        if (wanted.isEmpty()) {
            return false;
        }
        String kind = kind(provider, type);
        return wanted.stream().anyMatch(p -> p.matcher(kind).matches());
    }

    /** Where {@code payhook.branches.<name>.to} was set: a file and line, an environment variable. */
    public String origin(Branch branch) {
        ConfigurationPropertyName name = ConfigurationPropertyName.of("payhook.branches." + branch.name() + ".to");
        for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
            ConfigurationProperty found = source.getConfigurationProperty(name);
            if (found != null) {
                return found.getOrigin() != null
                        ? found.getOrigin().toString()
                        : String.valueOf(source.getUnderlyingSource());
            }
        }
        return "the configuration";
    }

    public Collection<Branch> all() {
        return Collections.unmodifiableCollection(branches.values());
    }
}
