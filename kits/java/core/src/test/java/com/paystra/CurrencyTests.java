package com.paystra;

import static com.paystra.CoreTests.assertEquals;
import static com.paystra.CoreTests.assertTrue;
import static com.paystra.CoreTests.check;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The currency table and its amounts against the shared vectors' "currencies" section. */
final class CurrencyTests {
    private CurrencyTests() {}

    @SuppressWarnings("unchecked")
    static void vectors(Map<String, Object> section) {
        List<Object> listed = (List<Object>) section.getOrDefault("list", List.of());
        check("currencies: the table is the vectors' list (java core/tools/CurrencyTable.java regenerates it)", () -> {
            List<Currency> expected = new ArrayList<>();
            for (Object item : listed) {
                Map<String, Object> entry = (Map<String, Object>) item;
                expected.add(new Currency((String) entry.get("CODE"), (String) entry.get("CURRENCY_CODE"),
                        ((BigDecimal) entry.get("MINOR_UNITS")).intValueExact()));
            }
            assertTrue(expected.size() >= 31, "only " + expected.size() + " currencies in the vectors");
            assertEquals(expected, Currency.ALL, "table");
        });
        for (Object item : listed) {
            Map<String, Object> entry = (Map<String, Object>) item;
            check("currencies: every sample of " + entry.get("CODE") + " both ways and in rupees", () -> {
                Currency currency = Currency.byNumber((String) entry.get("CURRENCY_CODE")).orElseThrow();
                assertEquals(currency, Currency.byCode((String) entry.get("CODE")).orElseThrow(), "by code");
                for (Object sampleItem : (List<Object>) entry.get("samples")) {
                    Map<String, Object> sample = (Map<String, Object>) sampleItem;
                    String amount = (String) sample.get("AMOUNT");
                    assertEquals(amount, currency.toMinorUnits((String) sample.get("MAJOR")), "AMOUNT of " + sample);
                    assertEquals(sample.get("MAJOR"), currency.fromMinorUnits(amount), "MAJOR of " + sample);
                    assertEquals(sample.get("INR_AMOUNT"), currency.inrAmount(amount, (String) entry.get("FX_RATE")),
                            "INR_AMOUNT of " + sample);
                }
            });
        }
        check("currencies: more decimals than the currency has are refused, saying how many it has", () -> {
            String[][] cases = {{"1.234", "USD", "USD has 2 decimals"}, {"5.5", "JPY", "JPY has 0 decimals"},
                {"1.2345", "KWD", "KWD has 3 decimals"}};
            for (String[] refused : cases) {
                try {
                    Currency.of(refused[1]).toMinorUnits(refused[0]);
                    throw new AssertionError(refused[0] + " " + refused[1] + " was taken");
                } catch (IllegalArgumentException e) {
                    assertEquals(refused[2], e.getMessage(), refused[0]);
                }
            }
            assertEquals("1230", Currency.of("USD").toMinorUnits("12.3"), "12.3 USD");
            assertEquals("1250", Currency.of("414").toMinorUnits("1.25"), "1.25 KWD");
            for (String bad : new String[] {"", "0", "0.00", "-1", "1,000", "1e3", "\uFF11"}) {
                try {
                    Currency.of("USD").toMinorUnits(bad);
                    throw new AssertionError("\"" + bad + "\" was taken");
                } catch (IllegalArgumentException expected) {
                    // refused
                }
            }
        });
        check("currencies: unknown codes are none of the gateway's", () -> {
            assertTrue(Currency.byNumber("999").isEmpty(), "999");
            assertTrue(Currency.byCode("XXX").isEmpty(), "XXX");
            assertEquals("AUD", Currency.byNumber("36").orElseThrow().code(), "36");
        });
    }
}
