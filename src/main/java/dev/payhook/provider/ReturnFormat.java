package dev.payhook.provider;

import dev.payhook.payment.EventType;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/**
 * The format of a provider whose word is the payer's browser return (IME Pay, Khalti), read as a
 * payment still to be confirmed: the payment is the id the provider's API is asked by (so the sweep
 * can ask again when no answer came), its amount what the return says, to be held against the
 * order. It pays nothing; the API's answer does.
 */
public final class ReturnFormat extends SettingsFreeFormat {

    /** What a return says: the payment's id, the return's status, the order, the amount. */
    public record Said(String payment, String status, String order, long amountMinor, String currency) {}

    private final Function<byte[], Said> parse;

    /** {@code parse} throws {@link UnparseablePayload} for a return that does not read as one. */
    public ReturnFormat(String name, Function<byte[], Said> parse) {
        super(name);
        this.parse = parse;
    }

    @Override
    public Reading read(WebhookRequest request) {
        Said back;
        try {
            back = parse.apply(request.body());
        } catch (UnparseablePayload e) {
            return Reading.failed(null, e);
        }
        String id = "return:" + back.payment() + ":" + back.status();
        return Reading.of(
                id,
                () -> List.of(NormalizedEvent.builder(request.provider(), id, "return." + back.status(), Instant.now())
                        .payment(back.payment())
                        .order(back.order())
                        .amount(back.amountMinor(), back.currency())
                        .build(EventType.PAYMENT_PENDING)));
    }
}
