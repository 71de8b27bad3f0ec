package dev.payhook.config;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code payhook.ingress.trusted-proxies}: the load balancers whose word on the client's address
 * the evidence may take. Only a request that arrives from one of them has its {@code
 * X-Forwarded-For} (else {@code Forwarded}) read, from the right, past every trusted hop: anyone
 * else could write any address there. Only IP literals are read; nothing is resolved.
 */
public final class TrustedProxies {

    private static final Pattern FORWARDED_FOR = Pattern.compile("(?i)for=\"?\\[?([0-9A-Fa-f:.]+)");

    private final AddressRanges ranges;

    /** Each a CIDR ({@code 10.0.0.0/8}, {@code fd00::/8}) or one address; a malformed one stops start-up. */
    public TrustedProxies(List<String> cidrs) {
        this.ranges = new AddressRanges("payhook.ingress.trusted-proxies", cidrs);
    }

    /** The client's address as the evidence records it. */
    public String clientAddress(String remoteAddr, String xForwardedFor, String forwarded) {
        if (remoteAddr == null || !trusted(remoteAddr)) {
            return remoteAddr;
        }
        List<String> hops = new ArrayList<>();
        if (xForwardedFor != null && !xForwardedFor.isBlank()) {
            for (String hop : xForwardedFor.split(",", -1)) {
                hops.add(hop.trim());
            }
        } else if (forwarded != null) {
            Matcher m = FORWARDED_FOR.matcher(forwarded);
            while (m.find()) {
                hops.add(m.group(1));
            }
        }
        for (int i = hops.size() - 1; i >= 0; i--) {
            String hop = hops.get(i);
            if (!AddressRanges.isAddress(hop)) {
                return remoteAddr; // not an address: the chain cannot be read further
            }
            if (!trusted(hop)) {
                return hop;
            }
        }
        return hops.isEmpty() ? remoteAddr : hops.get(0);
    }

    private boolean trusted(String address) {
        return ranges.contains(address);
    }
}
