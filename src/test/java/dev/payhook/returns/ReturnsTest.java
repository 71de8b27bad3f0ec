package dev.payhook.returns;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Gateway.Answer;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.StripeApiStubs;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The payer's browser return is a signal to ask the provider, never a payment by itself. */
class ReturnsTest extends GatewayTest {

    @Test
    void returnOfAPaidOrderAsksTheProviderThenSendsThePayerOn() {
        String order = unique("ord");
        String pi = unique("pi");
        gateway.putOrder(order, 2100, "EUR");
        StripeApiStubs.paid(order, pi, 2100, "eur");

        Answer back = browser("/returns/stripe?order_id=" + order + "&payment_intent=" + pi);

        assertThat(back.status()).isEqualTo(302);
        assertThat(back.headers().get("location")).containsExactly("https://shop.example.test/thanks");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("paid");
    }

    @Test
    void returnAloneNeverPaysAnOrder() {
        String order = unique("ord");
        gateway.putOrder(order, 2100, "EUR");

        Answer back = browser("/returns/stripe?order_id=" + order + "&redirect_status=succeeded");

        assertThat(back.status()).isEqualTo(302);
        assertThat(back.headers().get("location")).containsExactly("https://shop.example.test/payment-problem");
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
        assertThat(count("SELECT count(*) FROM reconcile_runs WHERE order_id = ?", order))
                .isEqualTo(1);

        // reloading the page does not ask the provider again at once
        assertThat(browser("/returns/stripe?order_id=" + order).status()).isEqualTo(302);
        assertThat(count("SELECT count(*) FROM reconcile_runs WHERE order_id = ?", order))
                .isEqualTo(1);
    }

    @Test
    void returnForNoRegisteredOrderIsRefused() {
        assertThat(browser("/returns/stripe?order_id=" + unique("ord")).status())
                .isEqualTo(404);
        assertThat(browser("/returns/stripe").status()).isEqualTo(400);
        assertThat(browser("/returns/nosuch?order_id=x").status()).isEqualTo(404);
    }

    @Test
    void theFailurePageSendsThePayerToTheMerchantWhateverItCarries() {
        String order = unique("ord");
        gateway.putOrder(order, 2100, "EUR");

        for (String path : new String[] {
            "/returns/stripe/failure",
            "/returns/stripe/failure?order_id=" + unique("ord"),
            "/returns/stripe/failure?order_id=" + order + "&redirect_status=failed"
        }) {
            Answer back = browser(path);
            assertThat(back.status()).as(path).isEqualTo(302);
            assertThat(back.headers().get("location"))
                    .as(path)
                    .containsExactly("https://shop.example.test/payment-problem");
        }
        assertThat(count("SELECT count(*) FROM reconcile_runs WHERE order_id = ?", order))
                .isEqualTo(1);
        assertThat(gateway.order(order).path("status").asString()).isEqualTo("pending");
    }

    private Answer browser(String path) {
        return gateway.request("GET", path, Map.of());
    }
}
