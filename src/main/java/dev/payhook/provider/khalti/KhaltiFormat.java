package dev.payhook.provider.khalti;

import dev.payhook.payment.EventType;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SettingsFreeFormat;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import java.time.Instant;
import java.util.List;

/**
 * Khalti's browser return, read as a payment still to be confirmed: the payment is the {@code
 * pidx} (the only id Khalti's lookup asks by, so the sweep can ask again when no answer came), its
 * amount what the return says, to be held against the order. It pays nothing.
 */
public class KhaltiFormat extends SettingsFreeFormat {

    public KhaltiFormat() {
        super("khalti");
    }

    @Override
    public Reading read(WebhookRequest request) {
        KhaltiReturn back;
        try {
            back = KhaltiReturn.parse(request.body());
        } catch (UnparseablePayload e) {
            return Reading.failed(null, e);
        }
        String id = "return:" + back.pidx() + ":" + back.status();
        return Reading.of(
                id,
                () -> List.of(NormalizedEvent.builder(request.provider(), id, "return." + back.status(), Instant.now())
                        .payment(back.pidx())
                        .order(back.orderId())
                        .amount(back.amountMinor(), KhaltiApi.CURRENCY)
                        .build(EventType.PAYMENT_PENDING)));
    }
}
