package dev.payhook.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Provider product references mapped to Payhook SKUs. */
@Component
public class ProductStore {

    private final JdbcTemplate jdbc;

    public ProductStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Maps {@code ref} to {@code sku}; true when the reference was new. */
    public boolean put(String provider, String ref, String sku) {
        Boolean inserted = jdbc.queryForObject("""
                INSERT INTO products (provider, ref, sku) VALUES (?, ?, ?)
                ON CONFLICT (provider, ref) DO UPDATE SET sku = EXCLUDED.sku, updated_at = now()
                RETURNING xmax = 0""", Boolean.class, provider, ref, sku);
        return Boolean.TRUE.equals(inserted);
    }

    /** Seeds a mapping unless ops already set one; true when it was added. */
    public boolean putIfAbsent(String provider, String ref, String sku) {
        return jdbc.update(
                        "INSERT INTO products (provider, ref, sku) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                        provider,
                        ref,
                        sku)
                == 1;
    }

    /** The known references among {@code refs}, with their SKUs. */
    public Map<String, String> resolve(String provider, List<String> refs) {
        Map<String, String> skus = new HashMap<>();
        jdbc.query(
                "SELECT ref, sku FROM products WHERE provider = ? AND ref = ANY (?)",
                rs -> {
                    skus.put(rs.getString(1), rs.getString(2));
                },
                provider,
                refs.toArray(String[]::new));
        return skus;
    }

    /** A provider's product reference mapped to a SKU, and when it was last set. */
    /** A provider's product reference and the SKU it maps to; {@code updated_at} in the list only. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ProductView(
            String provider,
            String ref,
            String sku,
            @JsonProperty("updated_at") Instant updatedAt) {}

    public List<ProductView> all() {
        return jdbc.query(
                "SELECT provider, ref, sku, updated_at FROM products ORDER BY provider, ref",
                (rs, i) -> new ProductView(
                        rs.getString("provider"),
                        rs.getString("ref"),
                        rs.getString("sku"),
                        Times.instant(rs, "updated_at")));
    }
}
