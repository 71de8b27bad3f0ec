package dev.payhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.payhook.outbox.EventSubscribers;
import dev.payhook.support.GatewayTest;
import dev.payhook.support.MerchantReceiver;
import dev.payhook.support.TestProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.CamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * The README's example of an integrator's own route, as it is written there, runs in the gateway
 * without a setting naming its queue: a review reaches the chat webhook, an order that was only
 * paid does not.
 */
@ExtendWith(OutputCaptureExtension.class)
class ReadmeRouteTest extends GatewayTest {

    /** The YAML block after the README says "write your own route". */
    private static final Pattern EXAMPLE = Pattern.compile("write your own route.*?```yaml\\n(.*?)```", Pattern.DOTALL);

    private static final String CHAT = "https://chat.example.com/hooks/T000";

    @Autowired
    CamelContext camel;

    @Autowired
    EventSubscribers subscribers;

    @Test
    void theReadmesChatRouteForwardsAReviewAndNotAPayment(CapturedOutput output) throws Exception {
        Matcher example = EXAMPLE.matcher(Files.readString(Path.of("README.md")));
        assertThat(example.find()).as("the README's example route").isTrue();
        String route = example.group(1);
        assertThat(route).contains("payhook.events.ops-chat", CHAT);
        // no payhook.events.subscribers=ops-chat: the route's queue is declared because the route consumes it
        PluginHelper.getRoutesLoader(camel)
                .loadRoutes(ResourceHelper.fromString(
                        "readme-example.yaml", route.replace(CHAT, MerchantReceiver.url("chat"))));

        assertThat(output.getAll())
                .as("written in the canonical notation, it loads without Camel's warning")
                .doesNotContain("compact notation detected");
        assertThat(subscribers.queues()).contains("payhook.events.ops-chat");

        String order = unique("ord");
        long review = payTwice(TestProvider.STRIPE, order, unique("pay"), 700, "USD");
        String told = "{\"text\":\"Payhook: review.opened review:" + review + "\"}";
        await().atMost(DEADLINE)
                .until(() -> MerchantReceiver.received("chat", told).size() == 1);
        // the order.paid of the same change went by: the route's filter let only what needs a person through
        assertThat(MerchantReceiver.received("chat", "order:" + order)).isEmpty();
    }
}
