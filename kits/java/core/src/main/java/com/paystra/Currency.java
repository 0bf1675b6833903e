package com.paystra;

import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A currency the gateway takes, and its amounts. AMOUNT is always digits in the currency's minor
 * units (JPY 500 = "500", $12.34 = "1234", KWD 1.250 = "1250"); CURRENCY_CODE is the ISO 4217 numeric
 * code. Only cards take a foreign currency; the gateway settles in rupees and answers a foreign
 * payment with FX_RATE (rupees per unit, four decimals) and INR_AMOUNT (paise).
 *
 * @param code ISO 4217 alphabetic code, "USD"
 * @param number ISO 4217 numeric code, as CURRENCY_CODE carries it, "840"
 * @param minorUnits digits after the decimal point: 2 for USD, 0 for JPY, 3 for KWD
 */
public record Currency(String code, String number, int minorUnits) {
    // paystra:generated currencies (java core/tools/CurrencyTable.java rewrites this from the vectors)
    /** Every currency the gateway takes, the rupee first. */
    public static final List<Currency> ALL = List.of(
            new Currency("INR", "356", 2),
            new Currency("USD", "840", 2),
            new Currency("EUR", "978", 2),
            new Currency("GBP", "826", 2),
            new Currency("JPY", "392", 0),
            new Currency("CHF", "756", 2),
            new Currency("CAD", "124", 2),
            new Currency("AUD", "036", 2),
            new Currency("NZD", "554", 2),
            new Currency("SGD", "702", 2),
            new Currency("HKD", "344", 2),
            new Currency("CNY", "156", 2),
            new Currency("KRW", "410", 0),
            new Currency("AED", "784", 2),
            new Currency("SAR", "682", 2),
            new Currency("QAR", "634", 2),
            new Currency("KWD", "414", 3),
            new Currency("BHD", "048", 3),
            new Currency("OMR", "512", 3),
            new Currency("JOD", "400", 3),
            new Currency("ILS", "376", 2),
            new Currency("TRY", "949", 2),
            new Currency("ZAR", "710", 2),
            new Currency("KES", "404", 2),
            new Currency("MUR", "480", 2),
            new Currency("LKR", "144", 2),
            new Currency("NPR", "524", 2),
            new Currency("BDT", "050", 2),
            new Currency("THB", "764", 2),
            new Currency("MYR", "458", 2),
            new Currency("IDR", "360", 2),
            new Currency("PHP", "608", 2),
            new Currency("SEK", "752", 2),
            new Currency("NOK", "578", 2),
            new Currency("DKK", "208", 2),
            new Currency("PLN", "985", 2));
    // paystra:endgenerated

    public static final Currency INR = ALL.get(0);

    private static final Pattern MAJOR = Pattern.compile("([0-9]{1,15})(?:\\.([0-9]+))?");
    private static final Pattern RATE = Pattern.compile("([0-9]+)\\.([0-9]{4})");

    /** The currency of an alphabetic code ("usd" or "USD"), if the gateway takes it. */
    public static Optional<Currency> byCode(String code) {
        String wanted = code == null ? "" : code.toUpperCase(Locale.ROOT);
        return ALL.stream().filter(currency -> currency.code.equals(wanted)).findFirst();
    }

    /** The currency of a CURRENCY_CODE ("840", or "36" for "036"); none: the gateway answers 319. */
    public static Optional<Currency> byNumber(String number) {
        if (number == null || !number.matches("[0-9]{1,3}")) {
            return Optional.empty();
        }
        String padded = "000".substring(number.length()) + number;
        return ALL.stream().filter(currency -> currency.number.equals(padded)).findFirst();
    }

    /** The currency a code or a CURRENCY_CODE names; IllegalArgumentException for any other. */
    public static Currency of(String codeOrNumber) {
        return byCode(codeOrNumber).or(() -> byNumber(codeOrNumber)).orElseThrow(() ->
                new IllegalArgumentException(codeOrNumber + " is not a currency the gateway takes"));
    }

    /**
     * An amount in this currency's major unit as AMOUNT: "12.34" USD -> "1234", "500" JPY -> "500".
     * More decimals than the currency has are refused ("USD has 2 decimals"), never rounded: the
     * customer would pay another amount than the one shown.
     */
    public String toMinorUnits(String major) {
        Matcher match = MAJOR.matcher(major == null ? "" : major.strip());
        if (!match.matches()) {
            throw new IllegalArgumentException("\"" + major + "\" is not an amount: digits with at most one decimal point");
        }
        String fraction = match.group(2) == null ? "" : match.group(2);
        if (fraction.length() > minorUnits) {
            throw new IllegalArgumentException(code + " has " + minorUnits + " decimals");
        }
        BigInteger minor = new BigInteger(match.group(1) + fraction + "0".repeat(minorUnits - fraction.length()));
        if (minor.signum() == 0) {
            throw new IllegalArgumentException("AMOUNT must be more than zero");
        }
        return minor.toString();
    }

    /** AMOUNT written in the major unit: "1234" USD -> "12.34", "500" JPY -> "500". */
    public String fromMinorUnits(String amount) {
        String digits = new BigInteger(amount).toString();
        if (digits.length() <= minorUnits) {
            digits = "0".repeat(minorUnits + 1 - digits.length()) + digits;
        }
        if (minorUnits == 0) {
            return digits;
        }
        int point = digits.length() - minorUnits;
        return digits.substring(0, point) + "." + digits.substring(point);
    }

    /**
     * The paise an AMOUNT of this currency comes to at FX_RATE, as the gateway computes INR_AMOUNT:
     * exact integers, rounded half up once. Lets you check a payment's INR_AMOUNT, or quote one.
     */
    public String inrAmount(String amount, String fxRate) {
        Matcher rate = RATE.matcher(fxRate == null ? "" : fxRate);
        if (!rate.matches()) {
            throw new IllegalArgumentException("FX_RATE has four decimals, e.g. 84.2150: \"" + fxRate + "\"");
        }
        BigInteger numerator = new BigInteger(amount).multiply(new BigInteger(rate.group(1) + rate.group(2)))
                .multiply(BigInteger.valueOf(100));
        BigInteger denominator = BigInteger.TEN.pow(minorUnits).multiply(BigInteger.valueOf(10_000));
        BigInteger two = BigInteger.TWO;
        return numerator.multiply(two).add(denominator).divide(denominator.multiply(two)).toString();
    }
}
