package dev.payhook.provider.adyen;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WireJson;
import java.util.List;
import java.util.Map;

/** Adyen's standard notification, field for field as Adyen names them (camelCase, booleans as strings). */
record AdyenNotification(String live, List<Wrapper> notificationItems) {

    /** The notification in {@code body}, with at least one item. */
    static AdyenNotification parse(byte[] body) {
        AdyenNotification n = WireJson.readCamelCase(body, AdyenNotification.class);
        if (n.notificationItems() == null
                || n.notificationItems().isEmpty()
                || n.notificationItems().stream().anyMatch(w -> w == null || w.item() == null)) {
            throw new UnparseablePayload("no notificationItems");
        }
        return n;
    }

    List<Item> items() {
        return notificationItems.stream().map(Wrapper::item).toList();
    }

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
