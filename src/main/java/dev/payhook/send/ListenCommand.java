package dev.payhook.send;

import dev.payhook.config.OfflineSettings;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.Set;
import org.springframework.core.env.ConfigurableEnvironment;
import tools.jackson.databind.JsonNode;

/**
 * {@code bin/payhook listen}: the events as they flow, one line each, until stopped: the provider
 * events the gateway processed (provider, type, event id, order, outcome) and the messages it
 * published (type, key, the order's version). {@code --once} prints the last minute and returns.
 */
public final class ListenCommand {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    /** How far behind the newest event the next question starts: a delivery is shown once processed. */
    private static final Duration OVERLAP = Duration.ofSeconds(30);

    /** Rows {@code /ops/flow} answers at most per list, by default. */
    private static final int PAGE = 200;

    private static final int MAX_PAGES = 50;

    private final PrintStream out;
    private final Set<String> shown = new HashSet<>();
    private Instant since = Instant.now().minus(Duration.ofMinutes(1));
    private long afterId;

    ListenCommand(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        SendCommand.quiet();
        System.exit(run(System.out, System.err, args));
    }

    /** 0 when stopped after {@code --once}; 2 when the ops API cannot be asked. */
    public static int run(PrintStream out, PrintStream err, String... args) {
        try {
            SendOptions o = SendOptions.parse(true, args);
            ConfigurableEnvironment env = OfflineSettings.of(o.settings());
            GatewayOps ops = GatewayOps.of(
                            HttpClient.newHttpClient(),
                            env,
                            GatewayAddresses.of(env, o.options()).ops(),
                            o.options())
                    .orElseThrow(() -> new SendFailure(
                            "no ops token", "set PAYHOOK_OPS_TOKEN (bin/payhook --dev writes one in data/dev/env)"));
            ListenCommand listen = new ListenCommand(out);
            do {
                listen.poll(ops);
                if (!o.once()) {
                    Thread.sleep(500);
                }
            } while (!o.once());
            return 0;
        } catch (SendFailure e) {
            err.println("payhook listen: " + e.getMessage());
            err.println("  fix: " + e.fix);
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /** Everything new since the last poll, asking page after page while a page comes back full. */
    private void poll(GatewayOps ops) {
        boolean full = true;
        for (int page = 0; full && page < MAX_PAGES; page++) {
            JsonNode flow = ops.flow(since.toString(), afterId);
            Instant newest = since;
            for (JsonNode r : flow.path("received")) {
                Instant at = Instant.parse(r.path("at").asString());
                print(
                        at,
                        "received   " + r.path("provider").asString() + " "
                                + r.path("type").asString("-") + "  "
                                + r.path("event_id").asString() + "  order "
                                + r.path("order_id").asString("-") + "  "
                                + r.path("outcome").asString()
                                + (r.path("reason").isNull()
                                        ? ""
                                        : " (" + r.path("reason").asString() + ")"));
                newest = at.isAfter(newest) ? at : newest;
            }
            int sent = 0;
            for (JsonNode m : flow.path("published")) {
                if (!m.path("sent").asBoolean()) {
                    break;
                }
                sent++;
                afterId = m.path("id").asLong();
                print(
                        Instant.parse(m.path("at").asString()),
                        "published  " + m.path("type").asString() + "  "
                                + m.path("key").asString()
                                + (m.path("version").isNull()
                                        ? ""
                                        : "  version " + m.path("version").asLong()));
            }
            boolean receivedFull = flow.path("received").size() >= PAGE;
            full = receivedFull || sent >= PAGE;
            // a full page goes on from its newest row; otherwise the next question overlaps, for late outcomes
            Instant next = receivedFull ? newest.minusNanos(1000) : newest.minus(OVERLAP);
            Instant floor = Instant.now().minus(Duration.ofMinutes(50));
            since = next.isAfter(since) ? next : since.isBefore(floor) ? floor : since;
        }
    }

    private void print(Instant at, String line) {
        if (shown.add(at + line)) {
            out.println(TIME.format(at) + "  " + line);
        }
    }
}
