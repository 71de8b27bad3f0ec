package dev.payhook.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Every file that lists the shipped providers and their environment variables is what their
 * declarations make (ProviderFiles): a provider is declared once, in its package.
 */
class ProviderFilesTest {

    private static final List<ShippedProvider> SHIPPED = ShippedProvider.all();

    @Test
    void everyListOfTheProvidersIsWhatTheirDeclarationsMake() throws IOException {
        for (ProviderFiles.Part part : ProviderFiles.parts(SHIPPED)) {
            String checkedIn = Files.readString(part.file());
            assertThat(checkedIn)
                    .as(part.file() + " differs from what the providers' declarations make: run bin/generate")
                    .isEqualTo(part.applyTo(checkedIn));
        }
    }

    @Test
    void eachShippedProviderNamesItsSchemeAndReadsItsCredentialsFromTheEnvironment() {
        assertThat(SHIPPED)
                .as("the README's quick start's provider among them")
                .extracting(ShippedProvider::id)
                .contains("stripe");
        for (ShippedProvider provider : SHIPPED) {
            assertThat(provider.scheme()).as(provider.id()).isNotBlank();
            assertThat(provider.variables())
                    .as(provider.id())
                    .isNotEmpty()
                    .allSatisfy(
                            v -> assertThat(v.name()).startsWith(provider.id().toUpperCase(Locale.ROOT) + "_"));
        }
    }
}
