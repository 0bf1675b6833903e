"""The forward-only order rule against the `orders` table of the shared vectors."""

import re
import unittest

from tests.support import CORE, vectors

from paystra import order_status


class OrderVectors(unittest.TestCase):
    def setUp(self):
        self.table = vectors()["orders"]

    def test_the_rule_is_worded_as_the_vectors_word_it(self):
        sentence = self.table["about"].split(" status_of ")[0]
        source = (CORE / "paystra" / "order_status.py").read_text(encoding="utf-8")
        words = lambda text: re.sub(r"[\s#]+", " ", text).strip()  # noqa: E731
        self.assertIn(words(sentence), words(source))

    def test_the_same_statuses(self):
        self.assertEqual(list(order_status.STATUSES), self.table["statuses"])

    def test_every_pair_is_listed_once(self):
        pairs = [(row["from"], row["to"]) for row in self.table["transitions"]]
        self.assertEqual(len(pairs), len(self.table["statuses"]) ** 2)
        self.assertEqual(len(set(pairs)), len(pairs))

    def test_status_of_every_answer(self):
        self.assertGreater(len(self.table["status_of"]), 0)
        for case in self.table["status_of"]:
            with self.subTest(fields=case["fields"]):
                self.assertEqual(order_status.of(case["fields"]), case["status"])

    def test_every_transition(self):
        for row in self.table["transitions"]:
            source, target, moves = row["from"], row["to"], row["moves"]
            with self.subTest(f"{source} to {target}"):
                self.assertEqual(order_status.moves(source, target), moves)
                self.assertEqual(order_status.advance(source, target), target if moves else source)
