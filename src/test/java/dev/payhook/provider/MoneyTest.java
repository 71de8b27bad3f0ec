package dev.payhook.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MoneyTest {

    @ParameterizedTest
    @CsvSource({"10.50,CNY,1050", "88.88,CNY,8888", "1000,JPY,1000", "10.5,USD,1050", "1.234,KWD,1234", "0.10,EUR,10"})
    void majorUnitsConvertWithTheCurrencysExponent(String amount, String currency, long minor) {
        assertThat(Money.fromMajor(amount, currency)).isEqualTo(minor);
    }

    @ParameterizedTest
    @CsvSource({"10.505,USD", "1.5,JPY", "1.2345,KWD", "-1.00,USD", "abc,USD", "1.00,ZZZ"})
    void moreDecimalsThanTheCurrencyAllowsIsRejectedNeverRounded(String amount, String currency) {
        assertThatThrownBy(() -> Money.fromMajor(amount, currency)).isInstanceOf(UnparseablePayload.class);
    }

    @ParameterizedTest
    @CsvSource({"65215,65215", "0,0"})
    void minorUnitStrings(String digits, long minor) {
        assertThat(Money.fromMinorString(digits)).isEqualTo(minor);
    }

    @ParameterizedTest
    @CsvSource({"12.5", "-3", "1e3"})
    void minorUnitStringsMustBeWholeNumbers(String digits) {
        assertThatThrownBy(() -> Money.fromMinorString(digits)).isInstanceOf(UnparseablePayload.class);
    }

    /** A decimal number that is no amount: unreadable like any other, never an arithmetic failure. */
    @ParameterizedTest
    @CsvSource({"1e309,USD", "1E+999999999,NPR", "92233720368547758.08,USD", "1e17,KWD"})
    void amountsBeyondALongOfMinorUnitsAreUnreadable(String amount, String currency) {
        assertThatThrownBy(() -> Money.fromMajor(amount, currency))
                .isInstanceOf(UnparseablePayload.class)
                .hasMessage("amount is out of range");
    }
}
