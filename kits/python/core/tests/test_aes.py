"""
The standard-library AES (paystra/aes.py), the fallback used when `cryptography` is missing: the
published known answers here, the protocol's ENCDATA vectors in test_cipher.py (run a second time
with PAYSTRA_AES=pure), and `cryptography` on random inputs when both are installed.
"""

import os
import random
import subprocess
import sys
import unittest
from unittest import mock

import tests.support  # noqa: F401 (puts the core on the path)

from paystra import ConfigError, ProtocolError, aes, cipher, decrypt_text, encrypt_text

PLAINTEXT = bytes.fromhex("00112233445566778899aabbccddeeff")
KEY_BYTES = bytes(range(32))

# FIPS-197 appendix C: one block under a 128-, 192- and 256-bit key.
FIPS_197 = [
    (KEY_BYTES[:16], "69c4e0d86a7b0430d8cdb78070b4c55a"),
    (KEY_BYTES[:24], "dda97ca4864cdfe06eaf70a0ec0d7191"),
    (KEY_BYTES, "8ea2b7ca516745bfeafc49904b496089"),
]

# NIST SP 800-38A F.2.5 / F.2.6: CBC-AES256, four blocks.
SP_800_38A = {
    "key": "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
    "iv": "000102030405060708090a0b0c0d0e0f",
    "plaintext": "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
    "ciphertext": "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
    "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b",
}


class KnownAnswers(unittest.TestCase):
    def test_fips_197_blocks_both_ways(self):
        for key, expected in FIPS_197:
            with self.subTest(bits=8 * len(key)):
                block = aes.AES(key)
                self.assertEqual(block.encrypt_block(PLAINTEXT).hex(), expected)
                self.assertEqual(block.decrypt_block(bytes.fromhex(expected)), PLAINTEXT)

    def test_sp_800_38a_cbc_aes256_both_ways(self):
        key, iv = bytes.fromhex(SP_800_38A["key"]), bytes.fromhex(SP_800_38A["iv"])
        plaintext, ciphertext = bytes.fromhex(SP_800_38A["plaintext"]), bytes.fromhex(SP_800_38A["ciphertext"])
        self.assertEqual(aes.cbc_encrypt(key, iv, plaintext), ciphertext)
        self.assertEqual(aes.cbc_decrypt(key, iv, ciphertext), plaintext)

    def test_refuses_what_is_not_aes(self):
        with self.assertRaises(ValueError):
            aes.AES(b"x" * 31)
        with self.assertRaises(ValueError):
            aes.cbc_encrypt(KEY_BYTES, b"0" * 16, b"15 bytes only!!")
        with self.assertRaises(ValueError):
            aes.cbc_decrypt(KEY_BYTES, b"short iv", b"0" * 16)


class Choice(unittest.TestCase):
    def test_paystra_aes_decides_which_aes_runs(self):
        # The kit's tests run twice, the second time with PAYSTRA_AES=pure: that run must be the
        # standard-library AES, or the vectors would not have tested it.
        wanted = os.environ.get("PAYSTRA_AES", "auto")
        if wanted == "pure":
            self.assertEqual(cipher.AES_BACKEND, "pure")
        elif cipher._cryptography_cbc() is not None:
            self.assertEqual(cipher.AES_BACKEND, "cryptography")
        else:
            self.assertEqual(cipher.AES_BACKEND, "pure")

    def test_auto_falls_back_to_the_standard_library_without_cryptography(self):
        with mock.patch.object(cipher, "_cryptography_cbc", return_value=None):
            for setting in (None, "", "auto", " AUTO ", "pure"):
                with self.subTest(setting=setting):
                    name, encrypt, decrypt = cipher.aes_backend(setting)
                    self.assertEqual((name, encrypt, decrypt), ("pure", aes.cbc_encrypt, aes.cbc_decrypt))
            with self.assertRaisesRegex(ConfigError, "not installed"):
                cipher.aes_backend("cryptography")

    def test_a_python_without_cryptography_imports_the_library_on_the_standard_library_aes(self):
        # As on a host where the package is not installed: importing it fails.
        program = (
            "import sys; sys.modules['cryptography'] = None\n"
            "import paystra\n"
            "key = paystra.merchant_hosted_key('f0e1d2c3b4a59687', '1000000000000001')\n"
            "encdata = paystra.encrypt({'ORDER_ID': 'W1', 'AMOUNT': '100'}, 'a1b2c3d4e5f60718', key)\n"
            "print(paystra.AES_BACKEND, dict(paystra.decrypt(encdata, key))['AMOUNT'])\n"
        )
        env = {k: v for k, v in os.environ.items() if k != "PAYSTRA_AES"}
        core = tests.support.CORE
        run = subprocess.run([sys.executable, "-c", program], cwd=core, env=env, capture_output=True, text=True)
        self.assertEqual((run.returncode, run.stdout, run.stderr), (0, "pure 100\n", ""))

    def test_an_unknown_setting_is_refused(self):
        with self.assertRaisesRegex(ConfigError, "PAYSTRA_AES must be one of auto, cryptography, pure"):
            cipher.aes_backend("openssl")


@unittest.skipIf(cipher._cryptography_cbc() is None, "cryptography is not installed: nothing to compare with")
class AgainstCryptography(unittest.TestCase):
    """Both AES implementations, on the same random keys and texts, give the same bytes."""

    def setUp(self):
        self.random = random.Random(20261127)
        self.reference = cipher.aes_backend("cryptography")
        self.pure = cipher.aes_backend("pure")

    def random_key(self):
        return "".join(chr(self.random.randint(0x21, 0x7E)) for _ in range(32))

    def random_text(self, length):
        alphabet = "ABCxyz019=~ &+/%ü₹€😀"
        return "".join(self.random.choice(alphabet) for _ in range(length))

    def test_cbc_on_random_keys_and_blocks(self):
        for _ in range(200):
            key = bytes(self.random.getrandbits(8) for _ in range(32))
            iv = bytes(self.random.getrandbits(8) for _ in range(16))
            data = bytes(self.random.getrandbits(8) for _ in range(16 * self.random.randint(1, 8)))
            encrypted = self.reference[1](key, iv, data)
            self.assertEqual(self.pure[1](key, iv, data), encrypted)
            self.assertEqual(self.pure[2](key, iv, encrypted), data)

    def test_encdata_on_random_keys_and_texts(self):
        for length in list(range(0, 70)) + [self.random.randint(70, 1200) for _ in range(30)]:
            key, text = self.random_key(), self.random_text(length)
            with self.subTest(length=length):
                with self.using(self.reference):
                    expected = encrypt_text(text, key)
                with self.using(self.pure):
                    self.assertEqual(encrypt_text(text, key), expected)
                    self.assertEqual(decrypt_text(expected, key), text)

    def test_both_refuse_a_wrong_key_alike(self):
        key, other = self.random_key(), self.random_key()
        for _ in range(50):
            encdata = encrypt_text(self.random_text(self.random.randint(1, 200)), key)
            outcomes = []
            for backend in (self.reference, self.pure):
                with self.using(backend):
                    try:
                        outcomes.append(decrypt_text(encdata, other))
                    except ProtocolError as error:
                        outcomes.append(str(error))
            self.assertEqual(outcomes[0], outcomes[1])

    def using(self, backend):
        return mock.patch.multiple(cipher, _cbc_encrypt=backend[1], _cbc_decrypt=backend[2])


if __name__ == "__main__":
    unittest.main()
