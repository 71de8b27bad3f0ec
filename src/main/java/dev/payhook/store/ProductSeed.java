package dev.payhook.store;

import dev.payhook.config.PayhookProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * Seeds the product mapping from {@code payhook.products} (config/products.yml) at start-up. A
 * reference ops already mapped through the API keeps that mapping: the file only adds what is missing.
 */
@Component
public class ProductSeed implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(ProductSeed.class);

    private final PayhookProperties properties;
    private final ProductStore products;

    public ProductSeed(PayhookProperties properties, ProductStore products) {
        this.properties = properties;
        this.products = products;
    }

    @Override
    public void run(ApplicationArguments args) {
        properties.getProducts().forEach((provider, refs) -> {
            if (!properties.getProviders().containsKey(provider)) {
                throw new IllegalStateException(
                        "payhook.products." + provider + ": no provider " + provider + " under payhook.providers");
            }
            int added = 0;
            for (var ref : refs.entrySet()) {
                added += products.putIfAbsent(provider, ref.getKey(), ref.getValue()) ? 1 : 0;
            }
            log.info(
                    "Product mapping of {}: {} reference(s) in the configuration, {} new",
                    provider,
                    refs.size(),
                    added);
        });
    }
}
