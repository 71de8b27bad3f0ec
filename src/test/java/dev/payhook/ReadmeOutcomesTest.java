package dev.payhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.payment.ReceiptOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The README's list of what a receipt can say its delivery did is the whole list the code has. */
class ReadmeOutcomesTest {

    @Test
    void theReadmeNamesEveryOutcomeOfAProcessedDelivery() throws IOException {
        String readme = Files.readString(Path.of("README.md")).replaceAll("\\s+", " ");
        int list = readme.indexOf("Each receipt says what its delivery did:");
        assertThat(list).as("the README's list of receipt outcomes").isPositive();
        String sentence = readme.substring(list, readme.indexOf(". ", list));
        assertThat(Arrays.stream(ReceiptOutcome.values())
                        .filter(o -> o != ReceiptOutcome.RECEIVED)
                        .map(o -> "`" + o.wireName() + "`"))
                .allMatch(sentence::contains, "named in: " + sentence);
    }
}
