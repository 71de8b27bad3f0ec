package dev.payhook.provider;

import java.math.BigDecimal;
import java.util.Currency;
import java.util.Locale;

/** Converts provider amounts to integer minor units once, at the edge; never through floating point. */
public final class Money {

    private Money() {}

    /** A provider's major-unit decimal string ("10.50" CNY) in minor units; more decimals than the currency has is invalid. */
    public static long fromMajor(String decimal, String currency) {
        int exponent = exponent(currency);
        BigDecimal value;
        try {
            value = new BigDecimal(WireJson.require(decimal, "amount").trim());
        } catch (NumberFormatException e) {
            throw new UnparseablePayload("amount is not a decimal number");
        }
        if (value.signum() < 0) {
            throw new UnparseablePayload("negative amount");
        }
        if (value.stripTrailingZeros().scale() > exponent) {
            throw new UnparseablePayload("amount has more decimals than " + currency + " allows");
        }
        try {
            return value.movePointRight(exponent).longValueExact();
        } catch (ArithmeticException e) {
            // 1e309 is a decimal number, but no amount: beyond a long of minor units
            throw new UnparseablePayload("amount is out of range");
        }
    }

    /** Minor units as the major-unit decimal string a provider takes ("10.50" for 1050 USD, "1050" for 1050 JPY). */
    public static String toMajor(long minor, String currency) {
        return BigDecimal.valueOf(minor).movePointLeft(exponent(currency)).toPlainString();
    }

    /** As a person reads it, in major units with its currency: {@code 9.90 USD}. */
    public static String forPeople(long minor, String currency) {
        return toMajor(minor, currency) + " " + currency;
    }

    /** A provider's minor-unit amount sent as a string of digits ("65215"). */
    public static long fromMinorString(String digits) {
        String s = WireJson.require(digits, "amount").trim();
        if (!s.matches("\\d{1,18}")) {
            throw new UnparseablePayload("amount is not a whole number of minor units");
        }
        return Long.parseLong(s);
    }

    /** The ISO 4217 code in upper case; an unknown code is an unreadable notification. */
    public static String currency(String code) {
        String upper = WireJson.require(code, "currency").trim().toUpperCase(Locale.ROOT);
        exponent(upper);
        return upper;
    }

    public static int exponent(String currency) {
        if (currency == null || !currency.matches("[A-Za-z]{3}")) {
            // the message never repeats what the payload carried: it may hold anything
            throw new UnparseablePayload("currency is not a three-letter ISO 4217 code");
        }
        try {
            int digits = Currency.getInstance(currency.toUpperCase(Locale.ROOT)).getDefaultFractionDigits();
            if (digits < 0) {
                throw new UnparseablePayload("currency " + currency + " has no minor unit");
            }
            return digits;
        } catch (IllegalArgumentException e) {
            throw new UnparseablePayload("unknown currency " + currency);
        }
    }
}
