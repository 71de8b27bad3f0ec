package dev.payhook.provider.imepay;

import dev.payhook.payment.EventType;
import dev.payhook.provider.NormalizedEvent;
import dev.payhook.provider.Reading;
import dev.payhook.provider.SettingsFreeFormat;
import dev.payhook.provider.UnparseablePayload;
import dev.payhook.provider.WebhookRequest;
import java.time.Instant;
import java.util.List;

/**
 * IME Pay's browser return, read as a payment still to be confirmed: the payment is the token
 * (the only id IME Pay's Recheck API asks by, so the sweep can ask again when the payer never
 * came back), its amount what the return says, to be held against the order. It pays nothing.
 */
public class ImepayFormat extends SettingsFreeFormat {

    public ImepayFormat() {
        super("imepay");
    }

    @Override
    public Reading read(WebhookRequest request) {
        ImepayReturn back;
        try {
            back = ImepayReturn.parse(request.body());
        } catch (UnparseablePayload e) {
            return Reading.failed(null, e);
        }
        String id = "return:" + back.tokenId() + ":" + back.responseCode();
        return Reading.of(
                id,
                () -> List.of(
                        NormalizedEvent.builder(request.provider(), id, "return." + back.responseCode(), Instant.now())
                                .payment(back.tokenId())
                                .order(back.refId())
                                .amount(back.amountMinor(), "NPR")
                                .build(EventType.PAYMENT_PENDING)));
    }
}
