package dev.payhook.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The reconciler keeps each event of a list answer as evidence: the provider's bytes, never Jackson's rewrite. */
class WireJsonTest {

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aListingKeepsEachElementsBytesAsTheProviderSentThem() {
        String first = "{ \"id\" : \"evt_1\",\n  \"amount\": 1.50e3, \"note\": \"caf\\u00e9 \u00e9\" }";
        String second = "{\"id\":\"evt_2\",\"nested\":{\"list\":[1, 2 ,3]}}";
        byte[] body = utf8("{\"object\": \"list\", \"data\": [ " + first + " ,\n" + second + "], \"has_more\": true}");

        WireJson.Listing listing = WireJson.listing(body, "data");

        assertThat(listing.elements()).hasSize(2);
        assertThat(listing.elements().get(0).bytes()).isEqualTo(utf8(first));
        assertThat(listing.elements().get(1).bytes()).isEqualTo(utf8(second));
        assertThat(listing.elements().get(1).tree().path("id").asString()).isEqualTo("evt_2");
        assertThat(listing.rest().path("has_more").asBoolean()).isTrue();
        assertThat(listing.rest().has("data")).isFalse();
    }

    @Test
    void aListingWithAKeyTwiceIsMalformed() {
        assertThatThrownBy(() -> WireJson.listing(utf8("{\"data\": [{\"id\": \"a\", \"id\": \"b\"}]}"), "data"))
                .isInstanceOf(UnparseablePayload.class);
        assertThatThrownBy(() -> WireJson.listing(utf8("[1, 2]"), "data")).isInstanceOf(UnparseablePayload.class);
    }
}
