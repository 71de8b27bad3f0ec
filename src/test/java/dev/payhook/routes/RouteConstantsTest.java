package dev.payhook.routes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.delivery.MerchantDelivery;
import dev.payhook.payment.EventType;
import dev.payhook.payment.WireName;
import dev.payhook.processing.EventRouting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Where a shipped route chooses by a header or property the code sets (a branch, what an attempt
 * decided, whether an event was rejected), it reads one the code sets, and compares it with one of
 * that type's constants by name: a name renamed in the code, or misspelt in a route, would make the
 * choice never match, and the message take the wrong way without a word.
 */
class RouteConstantsTest {

    private static final Pattern COMPARISON =
            Pattern.compile("\\$\\{(?:header|exchangeProperty)\\.(\\w+)} == '([^']*)'");

    /** Each value a route may compare, by the header or property that carries it. */
    private static final Map<String, Set<String>> CONSTANTS = Map.of(
            EventRouting.BRANCH,
            Stream.of(EventType.Branch.values()).map(WireName::wireName).collect(Collectors.toSet()),
            MerchantDelivery.NEXT,
            Stream.of(MerchantDelivery.Next.values()).map(Enum::name).collect(Collectors.toSet()));

    private static final Pattern READ = Pattern.compile("\\$\\{(?:header|exchangeProperty)\\.(\\w+)}");
    /** A name in the code's source: a string literal, as the steps that set them write it. */
    private static final Pattern LITERAL = Pattern.compile("\"(\\w+)\"");

    @Test
    void everyHeaderOrPropertyARouteReadsIsOneTheCodeSets() throws IOException {
        Set<String> named = new HashSet<>();
        try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
            for (Path source :
                    sources.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher literal = LITERAL.matcher(Files.readString(source));
                while (literal.find()) {
                    named.add(literal.group(1));
                }
            }
        }
        List<String> read = new ArrayList<>();
        for (Path file : routeFiles()) {
            Matcher reads = READ.matcher(Files.readString(file));
            while (reads.find()) {
                String name = reads.group(1);
                read.add(name);
                assertThat(name.startsWith("Camel") || named.contains(name))
                        .as(file + " reads " + name + ", which no step of Payhook's sets")
                        .isTrue();
            }
        }
        assertThat(read).as("the reads this test guards").contains("PayhookRejected", EventRouting.BRANCH);
    }

    @Test
    void everyComparedValueIsAConstantOfTheCode() throws IOException {
        List<String> compared = new ArrayList<>();
        for (Path file : routeFiles()) {
            Matcher comparison = COMPARISON.matcher(Files.readString(file));
            while (comparison.find()) {
                String carrier = comparison.group(1), value = comparison.group(2);
                compared.add(carrier);
                assertThat(CONSTANTS)
                        .as(file + " compares " + carrier + ", which no step of Payhook's sets")
                        .containsKey(carrier);
                assertThat(CONSTANTS.get(carrier))
                        .as(file + " compares " + carrier + " with '" + value + "'")
                        .contains(value);
            }
        }
        assertThat(compared).as("the choices this test guards").contains(EventRouting.BRANCH, MerchantDelivery.NEXT);
    }

    private static List<Path> routeFiles() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("routes"))) {
            return files.filter(f -> f.toString().endsWith(".yaml")).toList();
        }
    }
}
