package dev.payhook.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.payhook.provider.WireJson;
import java.nio.charset.StandardCharsets;
import org.apache.camel.RuntimeCamelException;
import org.junit.jupiter.api.Test;

/**
 * A dead letter's detail names the field at fault and the type it wants, never the value that was
 * there: the detail is shown in the console, the API and the export, and a sender may put a card
 * number where an amount belongs.
 */
class FailuresTest {

    record Item(String id, int amount) {}

    record Wrapper(Item item) {}

    @Test
    void aNumberOutOfRangeIsNamedByItsFieldNotItsValue() {
        String detail = detailOf("{\"item\":{\"id\":\"x\",\"amount\":4242424242424242}}");
        assertThat(detail).contains("item.amount").doesNotContain("4242");
    }

    @Test
    void aValueOfTheWrongKindIsNamedByItsFieldAndTheTypeItWants() {
        String detail = detailOf("{\"item\":{\"id\":\"x\",\"amount\":\"4242 4242 4242 4242\"}}");
        assertThat(detail).isEqualTo("not a Wrapper: item.amount is not a int").doesNotContain("4242");
    }

    @Test
    void aFailureWithNoMessageOfPayhooksSaysItsTypeAndMessage() {
        assertThat(Failures.detail(new RuntimeCamelException(new IllegalStateException("no such bean"))))
                .isEqualTo("IllegalStateException: no such bean");
    }

    private static String detailOf(String json) {
        Throwable failure = catchThrowable(() -> WireJson.read(json.getBytes(StandardCharsets.UTF_8), Wrapper.class));
        assertThat(failure).isNotNull();
        return Failures.detail(new RuntimeCamelException(failure));
    }
}
