package dev.payhook.provider.esewa;

import dev.payhook.payment.EventType;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SettingsFreeFormat;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import dev.payhook.provider.WireJson;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * eSewa's verified browser return, read as what it is: a hint naming the order
 * ({@code transaction_uuid}) and our product code, with no effect of its own. Its event id is the
 * return's own, so a reload of the page is a duplicate.
 */
public class EsewaFormat extends SettingsFreeFormat {

    public EsewaFormat() {
        super("esewa");
    }

    @Override
    public Reading read(WebhookRequest request) {
        Map<String, String> fields;
        try {
            fields = EsewaFields.parse(request.body());
        } catch (UnparseablePayload e) {
            return Reading.failed(null, e);
        }
        String order = fields.get("transaction_uuid");
        String id = "return:" + order + ":" + fields.getOrDefault("transaction_code", fields.get("status"));
        return Reading.of(
                id,
                () -> List.of(NormalizedEvent.builder(
                                request.provider(),
                                id,
                                "return." + WireJson.require(fields.get("status"), "status"),
                                Instant.now())
                        .order(WireJson.require(order, "transaction_uuid"))
                        .account("product-code", fields.get("product_code"))
                        .build(EventType.OTHER)));
    }
}
