import unittest

from tests.support import vectors

from paystra import canonical, parse_fields, sign, verify, with_hash


class HashVectors(unittest.TestCase):
    def test_every_hash_vector(self):
        cases = vectors()["hash"]
        self.assertGreater(len(cases), 0)
        for case in cases:
            with self.subTest(case["note"]):
                fields = case["fields"]
                if "canonical" in case:
                    self.assertEqual(canonical(fields), case["canonical"])
                if "hash" in case:
                    self.assertEqual(sign(fields, case["salt"]), case["hash"])
                    self.assertTrue(verify({**fields, "HASH": case["hash"]}, case["salt"]))
                if "claimedHash" in case:
                    claimed = {**fields, "HASH": case["claimedHash"]}
                    self.assertEqual(verify(claimed, case["salt"]), case["verifies"])


class HashRules(unittest.TestCase):
    salt = "a1b2c3d4e5f60718"
    fields = {"PAY_ID": "1000000000000001", "ORDER_ID": "PG1", "AMOUNT": "100"}

    def test_hash_field_is_left_out_of_the_canonical_string(self):
        self.assertEqual(canonical({**self.fields, "HASH": "X"}), canonical(self.fields))

    def test_with_hash_round_trips_and_replaces_an_old_hash(self):
        signed = with_hash({**self.fields, "HASH": "0" * 64}, self.salt)
        self.assertEqual(signed["HASH"], sign(self.fields, self.salt))
        self.assertTrue(verify(signed, self.salt))
        self.assertNotIn("HASH", self.fields)

    def test_lower_case_hash_verifies(self):
        signed = with_hash(self.fields, self.salt)
        self.assertTrue(verify({**signed, "HASH": signed["HASH"].lower()}, self.salt))

    def test_tampering_fails(self):
        signed = with_hash(self.fields, self.salt)
        self.assertFalse(verify({**signed, "AMOUNT": "1"}, self.salt))
        self.assertFalse(verify({**signed, "EXTRA": ""}, self.salt))
        self.assertFalse(verify(signed, "another-salt"))

    def test_missing_or_malformed_hash_fails(self):
        self.assertFalse(verify(self.fields, self.salt))
        self.assertFalse(verify({**self.fields, "HASH": ""}, self.salt))
        self.assertFalse(verify({**self.fields, "HASH": "Z" * 64}, self.salt))
        self.assertFalse(verify({**self.fields, "HASH": sign(self.fields, self.salt)[:-1]}, self.salt))

    def test_keys_sort_by_code_unit(self):
        # Upper case before lower case, "_" (0x5F) after letters, like JavaScript's sort.
        self.assertEqual(canonical({"a": "1", "B": "2", "A_": "3", "AB": "4"}), "AB=4~A_=3~B=2~a=1")
        # An astral character (a surrogate pair in UTF-16) sorts before U+FFFD, unlike code points.
        self.assertEqual(canonical({"\ufffd": "1", "\U0001f600": "2"}), "\U0001f600=2~\ufffd=1")


class FieldFormat(unittest.TestCase):
    def test_parse_keeps_equals_signs_in_values(self):
        self.assertEqual(parse_fields("A=1~NOTE=a=b c~EMPTY="), {"A": "1", "NOTE": "a=b c", "EMPTY": ""})

    def test_parse_refuses_pairs_without_a_key(self):
        for text in ("A=1~B", "=1", "A=1~~B=2"):
            with self.subTest(text), self.assertRaises(ValueError):
                parse_fields(text)

    def test_empty_text_is_no_fields(self):
        self.assertEqual(parse_fields(""), {})


if __name__ == "__main__":
    unittest.main()
