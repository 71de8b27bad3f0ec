package dev.payhook.provider.wechatpay;

import dev.payhook.provider.Credential;
import dev.payhook.provider.ProviderSettings;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** The API v3 key (32 characters) that decrypts WeChat Pay's notification resources. */
public record WechatPayDecryption(
        @Credential @DefaultValue("") String apiV3Key) implements ProviderSettings {

    public WechatPayDecryption {
        apiV3Key = apiV3Key == null ? "" : apiV3Key.trim();
    }
}
