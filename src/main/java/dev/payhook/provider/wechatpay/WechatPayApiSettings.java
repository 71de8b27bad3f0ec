package dev.payhook.provider.wechatpay;

import dev.payhook.provider.ProviderSettings;
import java.util.Map;

/**
 * {@code payhook.providers.<id>.api}: the merchant id, the serial number of the merchant's API
 * certificate and its private key, with which every request is signed.
 */
public class WechatPayApiSettings implements ProviderSettings {

    private String baseUrl;
    private String mchid;
    private String merchantSerial;
    private String privateKey;

    public String getBaseUrl() {
        return baseUrl;
    }

    public void setBaseUrl(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public String getMchid() {
        return mchid;
    }

    public void setMchid(String mchid) {
        this.mchid = mchid;
    }

    public String getMerchantSerial() {
        return merchantSerial;
    }

    public void setMerchantSerial(String merchantSerial) {
        this.merchantSerial = merchantSerial;
    }

    public String getPrivateKey() {
        return privateKey;
    }

    public void setPrivateKey(String privateKey) {
        this.privateKey = privateKey;
    }

    @Override
    public Map<String, Boolean> credentials() {
        return Map.of(
                "mchid", set(mchid),
                "merchant-serial", set(merchantSerial),
                "private-key", set(privateKey));
    }

    private static boolean set(String value) {
        return value != null && !value.isBlank();
    }
}
