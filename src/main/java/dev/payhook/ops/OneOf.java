package dev.payhook.ops;

import dev.payhook.payment.WireName;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A parameter that takes one of the wire names of {@link #value()}'s constants, or one of {@link
 * #also()}. The checks in {@link Inputs} parse it against the same constants; {@link ApiDocs}
 * lists them in the OpenAPI document.
 */
@Target({ElementType.PARAMETER, ElementType.FIELD})
@Retention(RetentionPolicy.RUNTIME)
@interface OneOf {
    Class<? extends WireName> value();

    String[] also() default {};
}
