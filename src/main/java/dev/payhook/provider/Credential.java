package dev.payhook.provider;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a component of a {@link ProviderSettings} record as a credential: a provider with none of
 * its credentials set is off, with some but not all it stops the start-up. A credential is set when
 * it is a non-blank text, or a list or map with a non-blank entry.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Credential {}
