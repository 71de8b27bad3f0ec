package dev.payhook.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
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

    private static final Pattern LITERAL = Pattern.compile("[0-9.]{7,15}|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");
    private static final Pattern FORWARDED_FOR = Pattern.compile("(?i)for=\"?\\[?([0-9A-Fa-f:.]+)");

    private record Range(byte[] network, int bits) {

        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            for (int i = 0; i < bits; i++) {
                int mask = 0x80 >>> (i % 8);
                if ((address[i / 8] & mask) != (network[i / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }

    private final List<Range> ranges = new ArrayList<>();

    /** Each a CIDR ({@code 10.0.0.0/8}, {@code fd00::/8}) or one address; a malformed one stops start-up. */
    public TrustedProxies(List<String> cidrs) {
        for (String cidr : cidrs) {
            if (cidr == null || cidr.isBlank()) {
                continue;
            }
            String[] parts = cidr.trim().split("/", 2);
            byte[] network = literal(parts[0]);
            int bits = network == null ? -1 : network.length * 8;
            try {
                bits = parts.length == 2 ? Integer.parseInt(parts[1]) : bits;
            } catch (NumberFormatException e) {
                bits = -1;
            }
            if (network == null || bits < 0 || bits > network.length * 8) {
                throw new IllegalStateException("payhook.ingress.trusted-proxies: '" + cidr
                        + "' is not a CIDR such as 10.0.0.0/8 or an IP address");
            }
            ranges.add(new Range(network, bits));
        }
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
            if (literal(hop) == null) {
                return remoteAddr; // not an address: the chain cannot be read further
            }
            if (!trusted(hop)) {
                return hop;
            }
        }
        return hops.isEmpty() ? remoteAddr : hops.get(0);
    }

    private boolean trusted(String address) {
        byte[] bytes = literal(address);
        return bytes != null && ranges.stream().anyMatch(r -> r.contains(bytes));
    }

    private static byte[] literal(String text) {
        String s = text == null ? "" : text.trim();
        if (!LITERAL.matcher(s).matches()) {
            return null;
        }
        try {
            return InetAddress.getByName(s).getAddress();
        } catch (UnknownHostException e) {
            return null;
        }
    }
}
