"""Reconciliation against the `reconciliation` cases of the shared vectors: every case, the exact report."""

import json
import unittest

from tests.support import vectors

from paystra import InvalidInput, reconcile, reconciliation


class ReconciliationVectors(unittest.TestCase):
    def setUp(self):
        self.table = vectors()["reconciliation"]

    def test_the_same_results(self):
        self.assertEqual(list(reconciliation.RESULTS), self.table["results"])

    def test_the_module_words_the_precedence_as_the_vectors(self):
        # The order the results are tried in is the rule's heart: every kit's doc says it alike.
        sentence = "RESULT, the first that applies: " + ", ".join(self.table["precedence"]) + "."
        self.assertIn(sentence, " ".join(reconciliation.__doc__.split()))

    def test_every_case(self):
        self.assertGreater(len(self.table["cases"]), 0)
        for case in self.table["cases"]:
            with self.subTest(case["name"]):
                report = reconcile(case["orders"], case["settlements"], case["recon"], case["today"])
                self.assertEqual(report, case["report"])
                # The same fields in the same order, as every kit prints them.
                self.assertEqual(json.dumps(report), json.dumps(case["report"]))
                for row in report:
                    self.assertEqual(tuple(row), reconciliation.ROW_FIELDS)


class ReconciliationInput(unittest.TestCase):
    def test_inputs_not_shaped_as_the_gateway_answers_are_refused(self):
        order = {"ORDER_ID": "SK1", "AMOUNT": "100"}
        line = {"TYPE": "PAYMENT", "ORDER_ID": "SK1", "TXN_ID": "1", "AMOUNT": "100", "NET": "98"}
        settlement = {"SETTLEMENT_ID": "setl_0a1b2c3d4e5f60718293", "UTR": "", "SETTLEMENT_DATE": "2026-11-30", "STATUS": "PROCESSED"}
        unsettled = {"TYPE": "PAYMENT", "TXN_ID": "1", "AMOUNT": "100", "NET": "98", "STATE": "UNSETTLED"}
        for orders, settlements, recon, today in (
            ([order], [], {}, "30-11-2026"),
            ([{"AMOUNT": "100"}], [], {}, "2026-11-30"),
            ([{"ORDER_ID": "SK1", "AMOUNT": "1.00"}], [], {}, "2026-11-30"),
            ([order], [settlement], {}, "2026-11-30"),
            ([order], [{**settlement, "LINES": [{**line, "AMOUNT": "₹1"}]}], {}, "2026-11-30"),
            ([order], [], {"SK1": "[]"}, "2026-11-30"),
            ([order], [], {"SK1": [unsettled]}, "2026-11-30"),
            ([order], [], {"SK1": [{**unsettled, "STATE": "PAID", "EXPECTED_SETTLEMENT_DATE": "2026-11-30"}]}, "2026-11-30"),
            ([order], [{**settlement, "STATUS": "PAID", "LINES": [line]}], {}, "2026-11-30"),
        ):
            with self.subTest(orders=orders, settlements=settlements, recon=recon, today=today):
                with self.assertRaises(InvalidInput):
                    reconcile(orders, settlements, recon, today)


if __name__ == "__main__":
    unittest.main()
