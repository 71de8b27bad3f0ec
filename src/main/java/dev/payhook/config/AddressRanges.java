package dev.payhook.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A setting's list of CIDRs ({@code 10.0.0.0/8}, {@code fd00::/8}) or single addresses, and whether
 * an address lies in one of them. Only IP literals are read; nothing is resolved.
 */
public final class AddressRanges {

    private static final Pattern LITERAL = Pattern.compile("[0-9.]{7,15}|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

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

    /** Blank entries (an unset variable) are skipped; a malformed one stops start-up, naming {@code setting}. */
    public AddressRanges(String setting, List<String> cidrs) {
        for (String cidr : cidrs == null ? List.<String>of() : cidrs) {
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
                throw new IllegalStateException(
                        setting + ": '" + cidr + "' is not a CIDR such as 10.0.0.0/8 or an IP address");
            }
            ranges.add(new Range(network, bits));
        }
    }

    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    /** Whether {@code address}, an IP literal, lies in a range; anything else does not. */
    public boolean contains(String address) {
        byte[] bytes = literal(address);
        return bytes != null && ranges.stream().anyMatch(r -> r.contains(bytes));
    }

    /** Whether {@code text} is an IP literal. */
    static boolean isAddress(String text) {
        return literal(text) != null;
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
