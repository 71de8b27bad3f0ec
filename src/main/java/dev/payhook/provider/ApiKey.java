package dev.payhook.provider;

/** The API settings of a provider whose API takes a bearer key: {@code api.base-url}, {@code api.key}. */
public record ApiKey(String baseUrl, @Credential String key) implements ProviderSettings {}
