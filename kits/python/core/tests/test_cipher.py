import base64
import unittest

from tests.support import vectors

from paystra import (
    ProtocolError,
    decrypt,
    decrypt_text,
    encrypt,
    encrypt_text,
    merchant_hosted_key,
    parse_fields,
    verify,
)

KEY = "034A0B731C8AE0736BD8D47D1B3017B3"
SALT = "a1b2c3d4e5f60718"


class EncdataVectors(unittest.TestCase):
    def test_every_encdata_vector(self):
        cases = vectors()["encdata"]
        self.assertGreater(len(cases), 0)
        for case in cases:
            with self.subTest(case["note"]):
                if "merchantHostedKey" in case:
                    self.assertEqual(
                        merchant_hosted_key(case["keySalt"], case["payId"]), case["merchantHostedKey"]
                    )
                if "encdata" in case:
                    self.assertEqual(decrypt_text(case["encdata"], case["key"]), case["plaintext"])
                    fields = decrypt(case["encdata"], case["key"])
                    self.assertEqual(fields, parse_fields(case["plaintext"]))
                    if "salt" in case:
                        self.assertTrue(verify(fields, case["salt"]))
                    # Form posts turn "+" into spaces; padded Base64 is accepted too.
                    spaced = case["encdata"].replace("+", " ")
                    self.assertEqual(decrypt_text(spaced, case["key"]), case["plaintext"])
                    padded = case["encdata"] + "=" * (-len(case["encdata"]) % 4)
                    self.assertEqual(decrypt_text(padded, case["key"]), case["plaintext"])
                if case.get("roundTrip"):
                    self.assertEqual(encrypt_text(case["plaintext"], case["key"]), case["encdata"])
                    request = {k: v for k, v in parse_fields(case["plaintext"]).items() if k != "HASH"}
                    self.assertEqual(encrypt(request, case["salt"], case["key"]), case["encdata"])
                if "encdataWithPadding" in case:
                    self.assertEqual(
                        decrypt_text(case["encdataWithPadding"], case["key"]), case["plaintext"]
                    )
                    spaced = case["encdataWithPadding"].replace("+", " ")
                    self.assertEqual(decrypt_text(spaced, case["key"]), case["plaintext"])


class CipherRules(unittest.TestCase):
    fields = {"PAY_ID": "1000000000000001", "ORDER_ID": "W1", "AMOUNT": "100", "CUST_NAME": "Ünïcødé"}

    def test_round_trip_adds_a_verifiable_hash(self):
        encdata = encrypt(self.fields, SALT, KEY)
        self.assertNotIn("=", encdata)
        decrypted = decrypt(encdata, KEY)
        self.assertEqual({k: v for k, v in decrypted.items() if k != "HASH"}, self.fields)
        self.assertTrue(verify(decrypted, SALT))

    def test_output_is_unpadded_for_every_length(self):
        for length in range(0, 40):
            text = "x" * length
            encdata = encrypt_text(text, KEY)
            self.assertFalse(encdata.endswith("="))
            self.assertEqual(decrypt_text(encdata, KEY), text)

    def test_wrong_key_fails(self):
        encdata = encrypt(self.fields, SALT, KEY)
        for key_salt in ("another", "f0e1d2c3b4a59688", ""):
            other = merchant_hosted_key(key_salt, "1000000000000001")
            with self.subTest(key_salt=key_salt):
                try:
                    decrypted = decrypt(encdata, other)
                except ProtocolError:
                    continue
                # A wrong key whose output happens to unpad still cannot carry a valid hash.
                self.assertFalse(verify(decrypted, SALT))

    def test_tampered_ciphertext_never_verifies(self):
        encdata = encrypt(self.fields, SALT, KEY)
        for position in range(0, len(encdata), 7):
            changed = encdata[:position] + ("A" if encdata[position] != "A" else "B") + encdata[position + 1 :]
            with self.subTest(position=position):
                try:
                    decrypted = decrypt(changed, KEY)
                except ProtocolError:
                    continue
                self.assertFalse(verify(decrypted, SALT))

    def test_malformed_encdata_is_refused(self):
        whole_blocks = base64.b64encode(b"\0" * 15).decode()  # not a multiple of 16 bytes
        for encdata in ("", "   ", "not base64!", "abc=def", "A", whole_blocks, "A" * 22 + "==="):
            with self.subTest(encdata=encdata), self.assertRaises(ProtocolError):
                decrypt_text(encdata, KEY)

    def test_key_must_be_32_ascii_characters(self):
        for key in ("short", KEY + "X", " " * 32, "é" * 32):
            with self.subTest(key=key), self.assertRaises(ProtocolError):
                encrypt_text("A=1", key)


if __name__ == "__main__":
    unittest.main()
