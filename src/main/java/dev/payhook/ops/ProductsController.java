package dev.payhook.ops;

import dev.payhook.provider.ProviderRegistry;
import dev.payhook.store.OpsActionStore;
import dev.payhook.store.ProductStore;
import dev.payhook.store.ProductStore.ProductView;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Maps a provider's product reference to a Payhook SKU; a payment naming an unmapped one is dead-lettered. */
@RestController
public class ProductsController {

    public record Mapping(String sku) {}

    private final ProductStore products;
    private final OpsActionStore actions;
    private final ProviderRegistry providers;

    public ProductsController(ProductStore products, OpsActionStore actions, ProviderRegistry providers) {
        this.products = products;
        this.actions = actions;
        this.providers = providers;
    }

    @GetMapping("/ops/products")
    public List<ProductView> listProducts() {
        return products.all();
    }

    /** 201 when the reference is new, 200 when its mapping was set again or changed. */
    @PutMapping("/ops/products/{provider}/{ref}")
    @Transactional
    @Refuses(status = 404, error = "unknown_provider")
    public ResponseEntity<ProductView> mapProduct(
            @PathVariable String provider,
            @PathVariable String ref,
            @RequestBody(required = false) Mapping body,
            HttpServletRequest request) {
        if (!providers.isConfigured(provider)) {
            throw Refusal.unknown("unknown_provider");
        }
        Inputs.identifier(ref, "ref");
        if (body == null) {
            throw new InvalidInput("the body must be {\"sku\":\"...\"}");
        }
        Inputs.identifier(body.sku(), "sku");
        boolean created = products.put(provider, ref, body.sku());
        actions.record(Actor.of(request), "map_product", provider + ":" + ref, null, "sku " + body.sku());
        return ResponseEntity.status(created ? 201 : 200).body(new ProductView(provider, ref, body.sku(), null));
    }
}
