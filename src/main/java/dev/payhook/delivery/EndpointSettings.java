package dev.payhook.delivery;

import dev.payhook.config.WebhookSecret;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * One {@code payhook.deliveries.<name>} entry (DESIGN.md §11.2): where the merchant takes Payhook's
 * messages over HTTP, the secrets that sign them, which types it wants, and how long Payhook keeps trying.
 */
public record EndpointSettings(
        URI url,
        List<String> secrets,

        @DefaultValue("order.*,entitlement.*,subscription.*,refund_request.*,review.*")
        String types,

        @DefaultValue("10s") Duration timeout,

        @DefaultValue({"5s", "5m", "30m", "2h", "5h", "10h", "10h"})
        List<Duration> retrySchedule,

        @DefaultValue("4") int concurrency,
        @DefaultValue("true") boolean enabled,
        @DefaultValue("false") boolean allowInsecure) {

    /** What is wrong with the entry {@code prefix}, each said so that it can be fixed; empty when nothing. */
    List<String> problems(String prefix) {
        List<String> problems = new ArrayList<>();
        if (url == null || url.getHost() == null) {
            problems.add(prefix + ".url: an absolute http(s) URL is required");
        } else if (!"https".equals(url.getScheme()) && !("http".equals(url.getScheme()) && allowInsecure)) {
            problems.add(prefix + ".url: must be https (allow-insecure: true permits http, for local development)");
        }
        if (secrets == null || secrets.stream().allMatch(s -> s == null || s.isBlank())) {
            problems.add(prefix + ".secrets: at least one whsec_ secret is required");
        } else {
            for (String s : secrets) {
                if (s != null && !s.isBlank() && !WebhookSecret.decodes(s)) {
                    problems.add(prefix + ".secrets: a secret is whsec_ followed by base64");
                }
            }
        }
        if (timeout.isNegative() || timeout.isZero()) {
            problems.add(prefix + ".timeout: must be positive");
        }
        if (concurrency < 1) {
            problems.add(prefix + ".concurrency: at least 1");
        }
        if (retrySchedule.stream().anyMatch(Duration::isNegative)) {
            problems.add(prefix + ".retry-schedule: delays are not negative");
        }
        return problems;
    }
}
