package dev.payhook.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Whose word on the client's address the evidence takes. */
class TrustedProxiesTest {

    private final TrustedProxies proxies = new TrustedProxies(List.of("10.0.0.0/8", "fd00::/8", "192.0.2.10"));

    @Test
    void aRequestFromAnywhereElseIsRecordedAsItsOwnAddressWhateverItsHeadersSay() {
        assertThat(proxies.clientAddress("198.51.100.4", "203.0.113.7", "for=203.0.113.8"))
                .isEqualTo("198.51.100.4");
        assertThat(new TrustedProxies(List.of()).clientAddress("10.1.1.1", "203.0.113.7", null))
                .isEqualTo("10.1.1.1");
    }

    @Test
    void behindTrustedProxiesTheFirstUntrustedHopFromTheRightIsTheClient() {
        // the client wrote a hop of its own at the left: it is not believed
        assertThat(proxies.clientAddress("10.0.0.5", "1.2.3.4, 203.0.113.7, 10.2.0.1", null))
                .isEqualTo("203.0.113.7");
        assertThat(proxies.clientAddress("192.0.2.10", null, "for=192.0.2.60;proto=https, for=\"[fd00::1]:4711\""))
                .isEqualTo("192.0.2.60");
        assertThat(proxies.clientAddress("fd00::2", "2001:db8::9", null)).isEqualTo("2001:db8::9");
        assertThat(proxies.clientAddress("10.0.0.5", null, null)).isEqualTo("10.0.0.5");
    }

    @Test
    void aHopThatIsNotAnAddressStopsTheReadingAndNothingIsResolved() {
        assertThat(proxies.clientAddress("10.0.0.5", "evil.example.com, 10.2.0.1", null))
                .isEqualTo("10.0.0.5");
        assertThat(proxies.clientAddress("10.0.0.5", "unknown", null)).isEqualTo("10.0.0.5");
    }

    @Test
    void aMalformedRangeStopsStartUpNamingTheSetting() {
        assertThatThrownBy(() -> new TrustedProxies(List.of("10.0.0.0/33")))
                .hasMessageContaining("payhook.ingress.trusted-proxies")
                .hasMessageContaining("10.0.0.0/33");
        assertThatThrownBy(() -> new TrustedProxies(List.of("lb.internal"))).hasMessageContaining("lb.internal");
    }
}
