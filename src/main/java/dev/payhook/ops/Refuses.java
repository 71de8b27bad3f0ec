package dev.payhook.ops;

import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An answer besides the typed one that a handler gives by throwing a {@link Refusal}: its status
 * and {@code error}. {@link ApiDocs} writes each into the OpenAPI document.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Repeatable(Refuses.All.class)
@interface Refuses {
    int status();

    String error();

    @Target(ElementType.METHOD)
    @Retention(RetentionPolicy.RUNTIME)
    @interface All {
        Refuses[] value();
    }
}
