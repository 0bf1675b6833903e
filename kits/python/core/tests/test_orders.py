"""The forward-only order rule against the shared vectors' orders table."""

import unittest

from tests.support import vectors

from paystra import ORDER_STATUSES, can_move, next_status, status_of


class OrderVectors(unittest.TestCase):
    def setUp(self):
        self.table = vectors()["orders"]

    def test_the_same_statuses(self):
        self.assertEqual(list(ORDER_STATUSES), self.table["statuses"])

    def test_every_pair_is_listed_once(self):
        pairs = [(row["from"], row["to"]) for row in self.table["transitions"]]
        self.assertEqual(len(pairs), len(self.table["statuses"]) ** 2)
        self.assertEqual(len(set(pairs)), len(pairs))

    def test_status_of_every_answer(self):
        self.assertGreater(len(self.table["status_of"]), 0)
        for case in self.table["status_of"]:
            with self.subTest(fields=case["fields"]):
                self.assertEqual(status_of(case["fields"]), case["status"])

    def test_every_transition(self):
        for row in self.table["transitions"]:
            source, target, moves = row["from"], row["to"], row["moves"]
            with self.subTest(f"{source} to {target}"):
                self.assertEqual(can_move(source, target), moves)
                self.assertEqual(next_status(source, target), target if moves else source)
