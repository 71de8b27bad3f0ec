package dev.payhook.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.GatewayTest;
import org.junit.jupiter.api.Test;

/**
 * The embedded PostgreSQL keeps a commit through a power loss: Payhook acknowledges a message to the
 * broker after its transaction commits, so a commit only in the page cache could lose an event that
 * the broker has already forgotten. zonky starts the server with fsync and synchronous_commit off.
 */
class EmbeddedPostgresDurabilityTest extends GatewayTest {

    @Test
    void commitsReachTheDiskBeforeTheyReturn() {
        assertThat(setting("fsync")).isEqualTo("on");
        assertThat(setting("synchronous_commit")).isEqualTo("on");
        assertThat(setting("full_page_writes")).isEqualTo("on");
    }

    private String setting(String name) {
        return jdbc.queryForObject("SELECT current_setting(?)", String.class, name);
    }
}
