package dev.payhook.provider;

import java.util.List;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * A format that reads nothing from its provider's settings: one instance serves every provider
 * using it (the provider's id travels with each request).
 */
public abstract class SettingsFreeFormat implements EventFormat {

    private final String name;

    protected SettingsFreeFormat(String name) {
        this.name = name;
    }

    /** The kind's name, which {@code payhook.providers.<id>.format} gives. */
    public String name() {
        return name;
    }

    /** This format for one more provider, at start-up. */
    public EventFormat forProvider(String provider) {
        return this;
    }

    /** A JSON notification parsed once: its event id from {@code idField}, its events from {@code mapping}. */
    protected static Reading readJson(
            WebhookRequest request, String idField, Function<JsonNode, List<NormalizedEvent>> mapping) {
        JsonNode tree;
        try {
            tree = WireJson.tree(request.body());
        } catch (UnparseablePayload e) {
            return Reading.failed(null, e);
        }
        return Reading.of(WireJson.text(tree, idField), () -> mapping.apply(tree));
    }
}
