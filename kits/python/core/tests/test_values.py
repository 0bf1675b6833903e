import unittest

import tests.support  # noqa: F401 (puts the core on the path)

from paystra import InvalidInput, rupees, validation


class Rupees(unittest.TestCase):
    def test_paise_to_rupees_with_indian_grouping(self):
        cases = {
            "100": "₹1.00",
            "5": "₹0.05",
            "150000": "₹1,500.00",
            "20000000": "₹2,00,000.00",
            "12345678": "₹1,23,456.78",
            "9999999999": "₹9,99,99,999.99",
            1000000000: "₹1,00,00,000.00",
        }
        for paise, text in cases.items():
            with self.subTest(paise=paise):
                self.assertEqual(rupees(paise), text)

    def test_non_numbers_are_shown_as_they_are(self):
        self.assertEqual(rupees("-5"), "-5")
        self.assertEqual(rupees(""), "")


class Validation(unittest.TestCase):
    def test_amount(self):
        self.assertEqual(validation.amount(" 100 "), "100")
        self.assertEqual(validation.amount("9999999999"), "9999999999")
        for bad in (None, "", "0", "-5", "010", "1.00", "10000000000", "１００"):
            with self.subTest(bad=bad), self.assertRaises(InvalidInput) as caught:
                validation.amount(bad)
            self.assertEqual(caught.exception.field, "AMOUNT")

    def test_order_id(self):
        self.assertEqual(validation.order_id("PG:1/2@3_4-5"), "PG:1/2@3_4-5")
        for bad in ("", "a b", "x" * 51, "PG~1"):
            with self.subTest(bad=bad), self.assertRaises(InvalidInput):
                validation.order_id(bad)

    def test_customer_fields_are_optional_but_checked(self):
        self.assertEqual(validation.customer({}), {})
        self.assertEqual(
            validation.customer({"CUST_NAME": " Asha ", "CUST_EMAIL": "a@b.in", "CUST_MOBILE": "9876543210"}),
            {"CUST_NAME": "Asha", "CUST_EMAIL": "a@b.in", "CUST_MOBILE": "9876543210"},
        )
        for bad in ({"CUST_EMAIL": "nope"}, {"CUST_MOBILE": "12345"}, {"CUST_NAME": "a~b"}):
            with self.subTest(bad=bad), self.assertRaises(InvalidInput):
                validation.customer(bad)

    def test_patterns(self):
        self.assertTrue(validation.matches("ifsc", "HDFC0001234"))
        self.assertFalse(validation.matches("ifsc", "HDFC1001234"))
        self.assertTrue(validation.matches("vpa", "success@upi"))
        self.assertFalse(validation.matches("vpa", "ab@upi"))
        self.assertTrue(validation.matches("account_number", "000000000004"))
        self.assertFalse(validation.matches("account_number", "12345678"))
        self.assertTrue(validation.matches("utr", "123456789012"))
        self.assertTrue(validation.matches("transaction_id", "1234567890123456"))

    def test_one_of_and_required(self):
        self.assertEqual(validation.one_of("UPI", ("UPI", "PG"), "QR_TYPE"), "UPI")
        with self.assertRaises(InvalidInput):
            validation.one_of("upi", ("UPI", "PG"), "QR_TYPE")
        with self.assertRaises(InvalidInput):
            validation.required({"X": "  "}, "X")
        with self.assertRaises(InvalidInput):
            validation.required({"X": "a~b"}, "X")


if __name__ == "__main__":
    unittest.main()
