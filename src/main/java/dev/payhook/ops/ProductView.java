package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.payhook.store.ProductStore;
import java.time.Instant;

/** A provider's product reference and the SKU it maps to; {@code updated_at} in the list only. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProductView(
        String provider,
        String ref,
        String sku,
        @JsonProperty("updated_at") Instant updatedAt) {

    static ProductView of(ProductStore.Mapped m) {
        return new ProductView(m.provider(), m.ref(), m.sku(), m.updatedAt());
    }
}
