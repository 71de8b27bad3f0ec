package dev.payhook.send;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code send <provider> <type> [--order ID] [--amount MINOR] [--currency C] [--event-id ID]
 * [--sku SKU] [--url URL] [--ops-url URL] [--secret S] [--key FILE] [--print]}, {@code send <provider>
 * --body FILE|- [--type T] ...} (a body of one's own, signed as it is), or {@code send --list}.
 * Any other {@code --name=value} is a setting, as the gateway takes it.
 */
record SendOptions(
        String provider,
        String type,
        Map<String, String> options,
        boolean print,
        boolean list,
        boolean once,
        List<String> settings) {

    static final Set<String> VALUED = Set.of(
            "order",
            "amount",
            "currency",
            "event-id",
            "sku",
            "url",
            "ops-url",
            "secret",
            "key",
            "token",
            "body",
            "type");

    static SendOptions parse(String... args) {
        return parse(false, args);
    }

    /** {@code listen}: no provider nor type, and {@code --once}. */
    static SendOptions parse(boolean listen, String... args) {
        List<String> positional = new ArrayList<>();
        Map<String, String> options = new HashMap<>();
        List<String> settings = new ArrayList<>();
        boolean print = false;
        boolean list = false;
        boolean once = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                positional.add(a);
                continue;
            }
            int eq = a.indexOf('=');
            String name = a.substring(2, eq < 0 ? a.length() : eq);
            if (name.equals("print") || name.equals("list") || name.equals("once")) {
                print |= name.equals("print");
                list |= name.equals("list");
                once |= name.equals("once");
            } else if (VALUED.contains(name)) {
                if (eq < 0 && i + 1 >= args.length) {
                    throw new SendFailure("--" + name + " needs a value", USAGE);
                }
                options.put(name, eq < 0 ? args[++i] : a.substring(eq + 1));
            } else if (eq > 0) {
                settings.add(a);
            } else {
                throw new SendFailure("unknown option " + a, USAGE);
            }
        }
        boolean named = !list && !listen;
        // with a body of one's own the type is free: given as --type, as the second word, or none
        boolean typeFree = options.containsKey("body");
        if (named ? positional.size() != 2 && !(typeFree && positional.size() == 1) : !positional.isEmpty()) {
            throw new SendFailure(
                    listen
                            ? "listen takes options only"
                            : typeFree ? "send --body takes a provider" : "send takes a provider and a type",
                    USAGE);
        }
        String type = positional.size() == 2 ? positional.get(1) : options.getOrDefault("type", "");
        return new SendOptions(
                named ? positional.get(0) : null, named ? type : null, options, print, list, once, settings);
    }

    static final String USAGE = "bin/payhook send <provider> <type> [--order ID] [--amount MINOR] [--currency C]"
            + " [--event-id ID] [--sku SKU] [--url URL] [--secret S] [--key FILE] [--print];"
            + " bin/payhook send <provider> --body FILE|- [--type T] [--event-id ID]; bin/payhook send --list;"
            + " bin/payhook listen [--once] [--ops-url URL] [--token T]";

    String get(String name) {
        return options.get(name);
    }

    Path key() {
        return options.containsKey("key") ? Path.of(options.get("key")) : null;
    }
}
