"""The currency table and the amount helpers against the shared vectors' `currencies` section."""

import unittest

from tests.support import vectors

from paystra import InvalidInput, currency


class Currencies(unittest.TestCase):
    def setUp(self):
        self.listed = vectors()["currencies"]["list"]

    def test_the_table_is_the_vectors_list(self):
        # Regenerate with `python3 core/tools/currency_table.py` when the vectors change.
        self.assertEqual(
            [(c.code, c.number, c.minor_units) for c in currency.CURRENCIES],
            [(e["CODE"], e["CURRENCY_CODE"], e["MINOR_UNITS"]) for e in self.listed],
        )

    def test_every_sample_converts_both_ways_and_to_rupees(self):
        for entry in self.listed:
            found = currency.by_number(entry["CURRENCY_CODE"])
            self.assertEqual(found, currency.by_code(entry["CODE"]))
            for sample in entry["samples"]:
                with self.subTest(code=entry["CODE"], amount=sample["AMOUNT"]):
                    self.assertEqual(currency.to_minor_units(sample["MAJOR"], found), sample["AMOUNT"])
                    self.assertEqual(currency.from_minor_units(sample["AMOUNT"], found), sample["MAJOR"])
                    self.assertEqual(currency.inr_amount(sample["AMOUNT"], found, entry["FX_RATE"]), sample["INR_AMOUNT"])

    def test_more_decimals_than_the_currency_has_are_refused(self):
        for major, code, reason in (("1.234", "USD", "USD has 2 decimals"), ("5.5", "JPY", "JPY has 0 decimals"),
                                    ("1.2345", "KWD", "KWD has 3 decimals")):
            with self.subTest(major=major), self.assertRaises(InvalidInput) as caught:
                currency.to_minor_units(major, code)
            self.assertEqual(str(caught.exception), reason)
        self.assertEqual(currency.to_minor_units("12.3", "USD"), "1230")
        self.assertEqual(currency.to_minor_units("1.25", "414"), "1250")
        for bad in ("", "0", "0.00", "-1", "1,000", "1e3", "１"):
            with self.subTest(bad=bad), self.assertRaises(InvalidInput):
                currency.to_minor_units(bad, "USD")

    def test_unknown_codes(self):
        self.assertIsNone(currency.by_number("999"))
        self.assertIsNone(currency.by_code("XXX"))
        self.assertEqual(currency.by_number("36").code, "AUD")
        with self.assertRaises(InvalidInput):
            currency.to_minor_units("1", "999")


if __name__ == "__main__":
    unittest.main()
