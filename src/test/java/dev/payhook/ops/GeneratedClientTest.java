package dev.payhook.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.client.ApiClient;
import dev.payhook.client.ApiException;
import dev.payhook.client.api.DeadLettersApi;
import dev.payhook.client.api.OrdersApi;
import dev.payhook.client.model.DeadLetterClosed;
import dev.payhook.client.model.DeadLetterView;
import dev.payhook.client.model.OrderEntitlement;
import dev.payhook.client.model.OrderRequest;
import dev.payhook.client.model.OrderView;
import dev.payhook.support.Gateway;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.TestProvider;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A merchant's back end and an ops tool as they would be written against docs/openapi.yaml: the
 * Java client openapi-generator makes from it (at generate-test-sources), calling a started gateway.
 */
class GeneratedClientTest extends GatewayTest {

    private OrdersApi orders;
    private DeadLettersApi deadLetters;

    @BeforeEach
    void client() {
        ApiClient client = new ApiClient();
        client.updateBaseUri("http://127.0.0.1:" + gateway.managementPort());
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + Gateway.OPS_TOKEN));
        orders = new OrdersApi(client);
        deadLetters = new DeadLettersApi(client);
    }

    @Test
    void anOrderPaidBeforeItWasRegisteredIsFoundRegisteredAndReplayedThroughTheClient() throws ApiException {
        String order = unique("ord");
        String event = unique("evt");
        Instant sent = Instant.now();
        gateway.deliver(
                TestProvider.STRIPE, event, TestProvider.STRIPE.payment(event, unique("pi"), order, 2500, "EUR", sent));

        AtomicReference<DeadLetterView> found = new AtomicReference<>();
        await().atMost(DEADLINE).until(() -> {
            List<DeadLetterView> open =
                    deadLetters.listDeadLetters("open", "unknown_order", "stripe", null, null, null, null, 1000);
            open.stream()
                    .filter(letter -> event.equals(letter.getEventId()))
                    .findFirst()
                    .ifPresent(found::set);
            return found.get() != null;
        });

        OrderView registered = orders.registerOrder(
                order,
                new OrderRequest()
                        .amountMinor(2500L)
                        .currency("EUR")
                        .sku("book-1")
                        .customerId("c-1"));
        assertThat(registered.getStatus()).isEqualTo(OrderView.StatusEnum.PENDING);
        assertThat(registered.getAmountMinor()).isEqualTo(2500L);

        DeadLetterClosed replayed = deadLetters.replayDeadLetter(found.get().getId());
        assertThat(found.get().getReason()).isEqualTo(DeadLetterView.ReasonEnum.UNKNOWN_ORDER);
        assertThat(replayed.getStatus()).isEqualTo(DeadLetterClosed.StatusEnum.REPLAYED);
        await().atMost(DEADLINE).until(() -> orders.getOrder(order).getStatus() == OrderView.StatusEnum.PAID);
        OrderView paid = orders.getOrder(order);
        assertThat(paid.getPayments()).hasSize(1);
        assertThat(paid.getPayments().get(0).getAmountMinor()).isEqualTo(2500L);
        assertThat(paid.getEntitlement().getStatus()).isEqualTo(OrderEntitlement.StatusEnum.ACTIVE);

        ApiException unknown =
                org.junit.jupiter.api.Assertions.assertThrows(ApiException.class, () -> orders.getOrder(unique("ord")));
        assertThat(unknown.getCode()).isEqualTo(404);
        assertThat(unknown.getResponseBody()).contains("\"error\":\"unknown_order\"");
    }
}
