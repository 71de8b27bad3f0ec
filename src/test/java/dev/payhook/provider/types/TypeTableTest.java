package dev.payhook.provider.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.payhook.config.SetupFailure;
import dev.payhook.payment.EventType;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.TableContradictsObject;
import dev.payhook.support.YamlBomb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A type table is read with the line of each entry, and refused where it is wrong. */
class TypeTableTest {

    private static final Map<String, Reader<String>> READERS = Map.of(
            "thing",
            Reader.one(Action.of(EventType.PAYMENT_SUCCEEDED, EventType.PAYMENT_FAILED), TypeTableTest::event),
            "refund",
            Reader.one(Set.of(Action.BY_STATUS), TypeTableTest::event));

    @Test
    void anExactTypeWinsOverAGlobAndGlobsAreTriedInFileOrder() {
        Meanings<String> m = meanings("""
                types:
                  thing.*:        { action: payment.failed,    reader: thing }
                  thing.paid:     { action: payment.succeeded, reader: thing }
                  "*":            { action: ignore }
                """);
        assertThat(typeOf(m, "thing.paid")).isEqualTo(EventType.PAYMENT_SUCCEEDED);
        assertThat(typeOf(m, "thing.declined")).isEqualTo(EventType.PAYMENT_FAILED);
        assertThat(typeOf(m, "other.thing")).isEqualTo(EventType.OTHER);
    }

    @Test
    void aTypeNoEntryNamesMeansNothing() {
        Meanings<String> m = meanings("types:\n  thing.paid: { action: payment.succeeded, reader: thing }\n");
        assertThat(typeOf(m, "thing.refunded")).isEqualTo(EventType.OTHER);
    }

    @Test
    void eachMistakeIsReportedWithItsFileAndLine() {
        assertWrong(
                "types:\n  a: { action: payment.succeeded, reader: thing }\n  a: { action: ignore }\n",
                "t.yaml:3: 'a' is listed twice (first at line 2)");
        assertWrong(
                "types:\n  a: { action: payment.succeded, reader: thing }\n",
                "t.yaml:2: 'a': unknown action 'payment.succeded' (one of payment.succeeded, payment.failed,");
        assertWrong(
                "types:\n  a: { action: payment.succeeded, reader: invoice }\n",
                "t.yaml:2: 'a': acme has no reader 'invoice' (its readers: refund, thing)");
        assertWrong(
                "types:\n\n  a: { action: refund.succeeded, reader: refund }\n",
                "t.yaml:3: 'a': reader 'refund' cannot carry out refund.succeeded (it carries out: by-status)");
        assertWrong(
                "types:\n  a: { action: payment.succeeded }\n",
                "t.yaml:2: 'a': no reader (which of the provider's readers reads its object)");
        assertWrong("types:\n  a: { reader: thing }\n", "t.yaml:2: 'a': no action (one of");
        assertWrong(
                "types:\n  a: { action: ignore, readr: thing }\n",
                "t.yaml:2: 'a': unknown field 'readr' (an entry has action and reader)");
        assertWrong("types:\n  a: [ payment.succeeded ]\n", "t.yaml:2: 'a' must be a mapping");
        assertWrong("typs:\n  a: { action: ignore }\n", "t.yaml:1: no 'types:'");
        assertWrong("types:\n  a: { action: ignore\n", "t.yaml:3: not YAML");
        assertWrong("", "t.yaml:1: empty");
        assertWrong(
                "types:\n  a: { action: ignore, action: payment.succeeded, reader: thing }\n",
                "t.yaml:2: 'a': action is given twice");
        assertWrong(
                "types:\n  a: { action: ignore }\n  thing.payment_failed: { action: payment.succeeded, reader: thing }\n",
                "t.yaml:3: 'thing.payment_failed' says failed: it cannot be payment.succeeded");
    }

    @Test
    void anObjectWhoseStatusContradictsTheTablesActionIsNotRead() {
        Map<String, Reader<String>> statused = Map.of(
                "thing",
                Reader.one(Action.of(EventType.PAYMENT_SUCCEEDED, EventType.PAYMENT_FAILED), TypeTableTest::event)
                        .agreeing(
                                notification -> notification.substring(notification.indexOf(':') + 1),
                                Map.of(Action.PAYMENT_SUCCEEDED, Agreement.is("succeeded"))));
        Meanings<String> m = new Meanings<>(
                "acme",
                TypeTable.parse("t.yaml", "types:\n  thing.*: { action: payment.succeeded, reader: thing }\n"),
                statused);
        assertThat(m.events("thing.done", "thing.done:succeeded", () -> null)
                        .get(0)
                        .type())
                .isEqualTo(EventType.PAYMENT_SUCCEEDED);
        assertThatThrownBy(() -> m.events("thing.update", "thing.update:requires_payment_method", () -> null))
                .isInstanceOf(TableContradictsObject.class)
                .hasMessage("t.yaml:2: acme thing.update is read as payment.succeeded, but its thing's status is"
                        + " requires_payment_method: not applied; correct the entry, then replay");
    }

    @Test
    void aTableThatWouldGrowAsItIsReadIsRefusedWithItsFile() {
        String laughs = YamlBomb.laughs();
        assertWrong(
                laughs + "types:\n  a: { action: ignore }\n",
                "t.yaml:1: cannot be read: Number of aliases for non-scalar nodes exceeds");
        String huge = "types:\n" + "  # padding\n".repeat(30_000);
        assertWrong(huge, "t.yaml:1: is " + huge.length() + " characters long; a type table is at most 262144");
    }

    @Test
    void aTableFileNoProviderReadsIsSaidWithTheNameItMayHaveMeant(@TempDir Path routes) throws IOException {
        Path types = Files.createDirectories(routes.resolve("types"));
        Files.writeString(types.resolve("Stripe.yaml"), "types: {}\n");
        Files.writeString(types.resolve("paddle.yml"), "types: {}\n");
        Files.writeString(types.resolve("acme.yaml"), "types:\n  a: { action: ignore }\n");
        Files.writeString(types.resolve("stripe.yaml"), Files.readString(Path.of("routes/types/stripe.yaml")));
        TypeTables tables = new TypeTables(routes);
        assertThat(tables.strays())
                .containsExactly(
                        types.resolve("Stripe.yaml") + " is read by no provider: did you mean stripe.yaml? Names are"
                                + " lower-case and end in .yaml",
                        types.resolve("acme.yaml") + " is read by no provider: no provider that is on, nor a format,"
                                + " is named acme (the names read: " + shippedTables() + ")",
                        types.resolve("paddle.yml") + " is read by no provider: did you mean paddle.yaml? Names are"
                                + " lower-case and end in .yaml");
        tables.meanings("acme", "acme", READERS);
        assertThat(tables.strays()).as("acme, once on, reads its table").hasSize(2);
    }

    @Test
    void theTablesReadFromTheRoutesFolderAreNamedWithTheirFile(@TempDir Path routes) throws IOException {
        Path types = Files.createDirectories(routes.resolve("types"));
        Files.writeString(types.resolve("acme.yaml"), "types:\n  a: { action: ignore }\n");
        Files.writeString(types.resolve("adyen.yaml"), "types:\n  a: { action: ignore }\n");
        TypeTables tables = new TypeTables(routes);
        tables.meanings("acme", "acme", READERS);
        tables.meanings("adyen", "adyen", READERS);
        assertThat(tables.fromFolder())
                .containsExactly(
                        "acme's type table is " + types.resolve("acme.yaml")
                                + ", read instead of the jar's (the jar has none of that name)",
                        "adyen's type table is " + types.resolve("adyen.yaml")
                                + ", read instead of the jar's (changed)");
        Path copy = Files.copy(Path.of("routes/types/alipay.yaml"), types.resolve("alipay.yaml"));
        assertThat(TypeTables.sameAsJars(copy)).as("a checkout's own tables").isEqualTo(" (a copy of it, unchanged)");
    }

    @Test
    void aTableWrittenInConfigurationNamesItsSetting() {
        assertThatThrownBy(() -> TypeTable.of("payhook.providers.acme.mapping.types", Map.of("paid", "done")))
                .isInstanceOf(SetupFailure.class)
                .hasMessageStartingWith("payhook.providers.acme.mapping.types: 'paid': unknown action 'done'");
    }

    @Test
    void everyShippedTableFitsItsProvidersReaders() {
        assertThat(List.of("stripe", "paddle", "dodo", "paypal", "razorpay", "adyen", "alipay", "wechatpay"))
                .allSatisfy(provider -> assertThat(
                                TypeTables.shipped().table(provider, provider).entries())
                        .isNotEmpty());
    }

    private static Meanings<String> meanings(String yaml) {
        return new Meanings<>("acme", TypeTable.parse("t.yaml", yaml), READERS);
    }

    private static void assertWrong(String yaml, String problem) {
        assertThatThrownBy(() -> meanings(yaml))
                .isInstanceOf(SetupFailure.class)
                .satisfies(e -> assertThat(((SetupFailure) e).problem()).startsWith(problem));
    }

    private static EventType typeOf(Meanings<String> m, String type) {
        return m.events(type, type, () -> event(type, Action.IGNORE)).get(0).type();
    }

    private static NormalizedEvent event(String type, Action action) {
        return NormalizedEvent.builder("acme", "evt_1", type, Instant.EPOCH)
                .payment("pay_1")
                .build(action.or(EventType.OTHER));
    }

    /** The shipped tables' file names, as the refusal lists them. */
    private static String shippedTables() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("routes/types"))) {
            return files.map(f -> f.getFileName().toString()).sorted().collect(Collectors.joining(", "));
        }
    }
}
