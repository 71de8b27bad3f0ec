package dev.payhook.payment;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * A value Payhook writes to the database, its API and the broker under a fixed name: the enum's
 * name in lower case unless the enum says otherwise. The one place names are mapped both ways; an
 * answer or message holding the constant is written with its wire name.
 */
public interface WireName {

    @JsonValue
    default String wireName() {
        return ((Enum<?>) this).name().toLowerCase(Locale.ROOT);
    }

    /** The constant of {@code type} written as {@code name}. */
    static <E extends Enum<E> & WireName> E parse(Class<E> type, String name) {
        for (E value : type.getEnumConstants()) {
            if (value.wireName().equals(name)) {
                return value;
            }
        }
        throw new IllegalArgumentException("no " + type.getSimpleName() + " is written " + name);
    }
}
