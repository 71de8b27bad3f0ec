package dev.payhook.send;

import dev.payhook.config.OfflineSettings;
import dev.payhook.config.SetupFailure;
import dev.payhook.provider.types.TypeTable;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.core.env.ConfigurableEnvironment;
import tools.jackson.databind.JsonNode;

/**
 * {@code bin/payhook send}: one provider event, built from its sample, signed as the provider signs
 * it with the gateway's own settings, posted to the running gateway; then what the gateway did with
 * it. With an ops token it registers the order first when it does not exist yet.
 */
public final class SendCommand {

    private static final Pattern WHOLE = Pattern.compile("\\d{1,15}");
    private static final Duration PROCESSING = Duration.ofSeconds(20);

    private final PrintStream out;
    private final PrintStream err;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    SendCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        quiet();
        System.exit(run(System.out, System.err, args));
    }

    /** A command's own output only: the libraries it borrows log warnings at most. */
    static void quiet() {
        LoggingSystem logging = LoggingSystem.get(SendCommand.class.getClassLoader());
        logging.beforeInitialize();
        logging.setLogLevel(LoggingSystem.ROOT_LOGGER_NAME, LogLevel.WARN);
    }

    /** 0: accepted (and, with a token, processed); 1: refused or dead-lettered; 2: nothing was sent. */
    public static int run(PrintStream out, PrintStream err, String... args) {
        try {
            return new SendCommand(out, err).send(SendOptions.parse(args));
        } catch (SendFailure e) {
            return said(err, e.getMessage(), e.fix);
        } catch (SetupFailure e) {
            return said(err, e.problem(), e.fix());
        } catch (RuntimeException e) {
            return said(
                    err,
                    "it failed: " + e.getClass().getSimpleName()
                            + (e.getMessage() == null ? "" : ": " + e.getMessage()),
                    "nothing was sent; run it again, and report it with these two lines if it fails the same way");
        }
    }

    /** Two lines on stderr, the problem and the fix; exit status 2: nothing was sent. */
    private static int said(PrintStream err, String problem, String fix) {
        err.println("payhook send: " + problem);
        err.println("  fix: " + fix);
        return 2;
    }

    private static long minorUnits(String amount) {
        if (!WHOLE.matcher(amount).matches()) {
            throw new SendFailure(
                    "--amount " + amount + " is not a whole number of minor units", "--amount 1050 is 10.50 USD");
        }
        return Long.parseLong(amount);
    }

    private int send(SendOptions o) {
        if (o.list()) {
            Sample.all().forEach(s -> out.println(s.kind() + " " + s.type()));
            return 0;
        }
        ConfigurableEnvironment env = OfflineSettings.of(o.settings());
        String scheme = env.getProperty("payhook.providers." + o.provider() + ".scheme");
        Sender sender = scheme == null ? null : Sender.forScheme(scheme);
        if (sender == null) {
            throw new SendFailure(
                    scheme == null
                            ? "no provider " + o.provider() + " is configured"
                            : o.provider() + "'s scheme " + scheme + " has no samples",
                    "send --list names the providers and types it can send");
        }
        // a sender of a shared scheme with a payload of its own reads that format, not the scheme's
        String kind = Optional.ofNullable(env.getProperty("payhook.providers." + o.provider() + ".format"))
                .filter(f -> !f.isBlank())
                .orElse(sender.kind());
        Optional<TypeTable> table = new Tables(err).of(env, o.provider(), kind);
        Optional<String> body = Optional.ofNullable(o.get("body")).map(SendCommand::body);
        Sample sample = body.isPresent() ? null : Samples.choose(o.provider(), kind, o.type(), table);
        ProviderKeys keys = new ProviderKeys(o.provider(), env, o.get("secret"), o.key());
        GatewayAddresses gateway = GatewayAddresses.of(env, o.options());
        URI base = gateway.webhooks();
        Optional<GatewayOps> ops = o.print() ? Optional.empty() : GatewayOps.of(http, env, gateway.ops(), o.options());

        String orderId = o.options().getOrDefault("order", "ord_" + random());
        Optional<JsonNode> order = ops.flatMap(c -> c.order(orderId));
        long amount = minorUnits(o.options()
                .getOrDefault(
                        "amount",
                        order.map(n -> n.path("amount_minor").asString()).orElse("1050")));
        String currency = o.options()
                .getOrDefault(
                        "currency",
                        order.map(n -> n.path("currency").asString()).orElse(sender.currency()));
        String sku = o.options()
                .getOrDefault("sku", order.map(n -> n.path("sku").asString()).orElse("sample"));
        String eventId = o.options().getOrDefault("event-id", "evt_" + random());
        Map<String, Object> common =
                SampleValues.of(eventId, sender.paymentId(orderId), orderId, amount, currency, Instant.now());
        common.put("type", o.type());
        common.put("product", "prod_" + sku);
        Map<String, Object> values = sample == null ? common : sample.with(common);
        sender.addValues(values, keys);
        // signed before anything is written: a key or secret that does not sign leaves no order behind
        TestRequest request = body.isPresent()
                ? sender.ownBody(o.type(), body.get(), values, keys)
                : sender.request(o.type(), sample.fill(values), values, keys);
        if (o.print()) {
            out.println(request.curl(base));
            return 0;
        }
        // a body of one's own names its own order, if any: nothing is registered for it
        if (ops.isPresent() && body.isEmpty() && order.isEmpty() && Tables.actedOn(table, o.type())) {
            ops.get().register(orderId, amount, currency, sku);
            out.println("registered order " + orderId + ": " + amount + " " + currency + " minor units, sku " + sku);
        }
        if (ops.isPresent() && sample != null && sample.text().contains("{{product}}")) {
            ops.get().mapProduct(o.provider(), "prod_" + sku, sku);
        }
        out.println(request.method() + " " + base.resolve(request.target()).getPath() + "  " + o.provider() + " "
                + (o.type().isEmpty() ? "(its own body)" : o.type())
                + (body.isPresent() ? "" : "  event " + eventId + "  order " + orderId));
        // a body's receipt is the provider's next one; a sample's is found by its event id (or order)
        Receipts receipts = body.isPresent()
                ? new Receipts(o.provider(), null, null)
                : sender.keepsEventId()
                        ? new Receipts(o.provider(), "event_id", eventId)
                        : new Receipts(o.provider(), "order_id", orderId);
        Set<String> earlier = ops.isPresent() ? ops.get().receipts(receipts) : Set.of();
        HttpResponse<String> answer = post(request, base);
        out.println("  answered " + answer.statusCode()
                + answer.headers().firstValue("Location").map(l -> " -> " + l).orElse("")
                + (answer.body().isBlank() ? "" : " " + abbreviated(answer.body())));
        if (answer.statusCode() == 404) {
            out.println("  the gateway has " + o.provider() + " switched off: its credentials are not set"
                    + " (README: Providers; bin/payhook --dev sets test ones for the providers that sign)");
        }
        if (answer.statusCode() == 401) {
            out.println("  send signed with " + keys.origin());
            out.println("  the gateway checks with what it read at its own start (its environment, ./config);"
                    + " if the two differ, start it from this shell, or pass --secret / --key with its value");
        }
        if (answer.statusCode() >= 400) {
            return 1;
        }
        if (ops.isEmpty()) {
            out.println("  set PAYHOOK_OPS_TOKEN to see what the gateway did with it");
            return 0;
        }
        return outcome(ops.get(), receipts, earlier, body.isPresent() ? null : orderId);
    }

    /** A body of one's own: a file, or {@code -} for standard input. */
    private static String body(String from) {
        try {
            return from.equals("-")
                    ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
                    : Files.readString(Path.of(from));
        } catch (IOException e) {
            throw new SendFailure(
                    "--body " + from + " cannot be read: " + SendFailure.why(e),
                    "pass --body with the path of a file holding the event as the provider sends it, or - for stdin");
        }
    }

    private int outcome(GatewayOps ops, Receipts receipts, Set<String> earlier, String orderId) {
        Optional<JsonNode> receipt = ops.processed(receipts, earlier, PROCESSING);
        if (receipt.isEmpty()) {
            out.println("  not processed within " + PROCESSING.toSeconds() + " s: see /ops/inbound and the log");
            return 1;
        }
        String outcome = receipt.get().path("outcome").asString();
        String reason = receipt.get().path("reason").asString("");
        out.println("  receipt " + receipt.get().path("id").asString() + ": " + outcome
                + (reason.isBlank() ? "" : " (" + reason + ")"));
        Optional.ofNullable(orderId)
                .or(() -> Optional.ofNullable(receipt.get().path("order_id").asString(null)))
                .flatMap(ops::order)
                .ifPresent(n -> out.println("  order " + n.path("order_id").asString() + ": "
                        + n.path("status").asString() + ", entitlement "
                        + n.path("entitlement").path("status").asString()));
        return "dead_lettered".equals(outcome) ? 1 : 0;
    }

    private HttpResponse<String> post(TestRequest request, URI base) {
        try {
            return http.send(request.toHttp(base), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new SendFailure(
                    "the gateway at " + base + " did not answer: " + SendFailure.why(e),
                    "start it (bin/payhook --dev), or pass --url");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SendFailure("interrupted", "run it again");
        }
    }

    static String withSlash(String url) {
        return url.endsWith("/") ? url : url + "/";
    }

    private static String abbreviated(String body) {
        String one = body.replaceAll("\\s+", " ").strip();
        return one.length() <= 200 ? one : one.substring(0, 200) + "...";
    }

    private static String random() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }
}
