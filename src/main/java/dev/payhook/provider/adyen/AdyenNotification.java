package dev.payhook.provider.adyen;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/** Adyen's standard notification, field for field as Adyen names them (camelCase, booleans as strings). */
record AdyenNotification(String live, List<Wrapper> notificationItems) {

    record Wrapper(@JsonProperty("NotificationRequestItem") Item item) {}

    record Item(
            Map<String, String> additionalData,
            Amount amount,
            String eventCode,
            String eventDate,
            String merchantAccountCode,
            String merchantReference,
            String originalReference,
            String pspReference,
            String reason,
            String success) {}

    record Amount(String currency, Long value) {}
}
