package dev.payhook.returns;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.payment.OrderStatus;

/**
 * What a browser return answers when it does not send the payer on to a page: the order's status
 * now (no page configured for it), or why the return was refused.
 */
sealed interface ReturnAnswer {

    /** The order as the return left it. */
    record Landed(@JsonProperty("order_id") String orderId, OrderStatus status) implements ReturnAnswer {}

    /** Why the return was refused; {@code detail} when there is more to say. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Refusal(String error, String detail) implements ReturnAnswer {

        Refusal(String error) {
            this(error, null);
        }
    }
}
