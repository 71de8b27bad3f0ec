package dev.payhook.provider.types;

import dev.payhook.payment.EventType;
import dev.payhook.provider.EventFormat;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.SettingsFreeFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A format whose event types mean what its providers' type tables say: the format parses the
 * notification and finds its type, the table picks the reader and the action. One instance serves
 * every provider of the format, each with its own table.
 *
 * @param <E> the notification as the format parsed it, which its readers read
 */
public abstract class TypedFormat<E extends TypedFormat.Notice> extends SettingsFreeFormat {

    /** A notification as the format parsed it. */
    public interface Notice {

        /** What every event read from it starts from: its provider, event id, type and time. */
        NormalizedEvent.Builder builder();
    }

    private final TypeTables tables;
    private final Map<String, Reader<E>> readers;
    private final Map<String, Meanings<E>> byProvider = new ConcurrentHashMap<>();

    protected TypedFormat(String name, TypeTables tables, Map<String, Reader<E>> readers) {
        super(name);
        this.tables = tables;
        this.readers = Map.copyOf(readers);
    }

    /** A provider's table is read and checked here, at start-up. */
    @Override
    public EventFormat forProvider(String provider) {
        byProvider.put(provider, tables.meanings(provider, name(), readers));
        return this;
    }

    /**
     * What a notification of {@code type} means to {@code provider}; an event of type {@code other}
     * when nothing, and whatever its type when it carries no object a reader could read
     * ({@code carriesObject}).
     */
    protected List<NormalizedEvent> events(String provider, String type, E notification, boolean carriesObject) {
        Supplier<NormalizedEvent> unhandled = () -> notification.builder().build(EventType.OTHER);
        if (!carriesObject) {
            return List.of(unhandled.get());
        }
        return byProvider
                .computeIfAbsent(provider, p -> tables.meanings(p, name(), readers))
                .events(type, notification, unhandled);
    }
}
