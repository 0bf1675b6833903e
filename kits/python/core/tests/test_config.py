import tempfile
import unittest
from pathlib import Path

import tests.support  # noqa: F401 (puts the core on the path)

from paystra import Config, ConfigError, merchant_hosted_key
from paystra.config import read_env_file

EXAMPLE = """\
# Paystra kit configuration.
PAYSTRA_BASE_URL=http://localhost:3000/sandbox   # the gateway (sandbox) base URL
PAYSTRA_PAY_ID=1000000000000001
PAYSTRA_SALT=a1b2c3d4e5f60718

PAYSTRA_KEY_SALT=f0e1d2c3b4a59687                  # derives the merchant-hosted AES key
APP_URL=http://localhost:8000/
PORT=8000
"""


class ConfigLoading(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.root = Path(self.directory.name)
        self.addCleanup(self.directory.cleanup)

    def write(self, text):
        (self.root / "paystra.env").write_text(text, encoding="utf-8")

    def test_reads_the_file_with_comments(self):
        self.write(EXAMPLE)
        config = Config.load(self.root, environ={})
        self.assertEqual(config.base_url, "http://localhost:3000/sandbox")
        self.assertEqual(config.pay_id, "1000000000000001")
        self.assertEqual(config.salt, "a1b2c3d4e5f60718")
        self.assertEqual(config.key_salt, "f0e1d2c3b4a59687")
        self.assertEqual(config.app_url, "http://localhost:8000")
        self.assertEqual(config.return_url, "http://localhost:8000/response")
        self.assertEqual(config.port, 8000)
        self.assertEqual(config.merchant_hosted_key, merchant_hosted_key("f0e1d2c3b4a59687", "1000000000000001"))

    def test_environment_overrides_the_file(self):
        self.write(EXAMPLE)
        config = Config.load(
            self.root,
            environ={"PAYSTRA_BASE_URL": "http://127.0.0.1:4130/sandbox/", "PORT": "4131", "APP_URL": "", "OTHER": "x"},
        )
        self.assertEqual(config.base_url, "http://127.0.0.1:4130/sandbox")
        self.assertEqual(config.port, 4131)
        self.assertEqual(config.app_url, "http://localhost:8000")  # an empty variable does not override

    def test_environment_alone_is_enough_and_app_url_follows_the_port(self):
        config = Config.load(
            self.root,
            environ={
                "PAYSTRA_BASE_URL": "https://pg.example.com",
                "PAYSTRA_PAY_ID": "1000000000000001",
                "PAYSTRA_SALT": "s",
                "PAYSTRA_KEY_SALT": "k",
                "PORT": "9000",
            },
        )
        self.assertEqual(config.app_url, "http://localhost:9000")

    def test_webhook_secret_and_data_dir(self):
        self.write(EXAMPLE + "PAYSTRA_WEBHOOK_SECRET=wh_demo_7c1e4b9a2f6d8035  # from the portal\n")
        config = Config.load(self.root, environ={"PAYSTRA_DATA_DIR": "/tmp/orders"})
        self.assertEqual(config.webhook_secret, "wh_demo_7c1e4b9a2f6d8035")
        self.assertEqual(config.data_dir, "/tmp/orders")
        self.assertEqual(config.notify_url, "http://localhost:8000/webhook")
        self.assertEqual(config.webhook_url, "http://localhost:8000/webhook")
        overridden = Config.load(self.root, environ={"PAYSTRA_WEBHOOK_SECRET": "wh_env"})
        self.assertEqual(overridden.webhook_secret, "wh_env")

    def test_webhook_secret_is_optional_and_kept_as_given(self):
        self.write(EXAMPLE)
        config = Config.load(self.root, environ={})
        self.assertEqual((config.webhook_secret, config.data_dir), ("", "data"))
        # Without the secret the examples' requests carry no NOTIFY_URL; /webhook is still where they listen.
        self.assertIsNone(config.notify_url)
        self.assertEqual(config.webhook_url, "http://localhost:8000/webhook")
        # White space stays, so verify_webhook can name the mistake instead of "does not match".
        spaced = Config.load(self.root, environ={"PAYSTRA_WEBHOOK_SECRET": "wh_x\n"})
        self.assertEqual(spaced.webhook_secret, "wh_x\n")

    def test_quotes_and_export(self):
        self.write('export PAYSTRA_SALT="a#b c"\nPAYSTRA_KEY_SALT=\'k\'\n')
        self.assertEqual(read_env_file(self.root / "paystra.env"), {"PAYSTRA_SALT": "a#b c", "PAYSTRA_KEY_SALT": "k"})

    def test_missing_keys_are_named(self):
        with self.assertRaises(ConfigError) as caught:
            Config.load(self.root, environ={"PAYSTRA_PAY_ID": "1"})
        message = str(caught.exception)
        for key in ("PAYSTRA_BASE_URL", "PAYSTRA_SALT", "PAYSTRA_KEY_SALT"):
            self.assertIn(key, message)
        self.assertNotIn("PAYSTRA_PAY_ID", message)

    def test_bad_values_are_refused(self):
        base = {"PAYSTRA_BASE_URL": "http://x", "PAYSTRA_PAY_ID": "1", "PAYSTRA_SALT": "s", "PAYSTRA_KEY_SALT": "k"}
        for change in (
            {"PAYSTRA_BASE_URL": "localhost:3000"},
            {"PAYSTRA_PAY_ID": "12ab"},
            {"PORT": "eighty"},
            {"PORT": "70000"},
            {"APP_URL": "ftp://x"},
        ):
            with self.subTest(change), self.assertRaises(ConfigError):
                Config.from_values({**base, **change})

    def test_malformed_line_is_reported_with_its_number(self):
        self.write("PAYSTRA_SALT=x\nnot a setting\n")
        with self.assertRaises(ConfigError) as caught:
            Config.load(self.root, environ={})
        self.assertIn(":2:", str(caught.exception))

    def test_repr_hides_the_salts_and_the_webhook_secret(self):
        self.write(EXAMPLE + "PAYSTRA_WEBHOOK_SECRET=wh_demo_7c1e4b9a2f6d8035\n")
        text = repr(Config.load(self.root, environ={}))
        self.assertNotIn("a1b2c3d4e5f60718", text)
        self.assertNotIn("f0e1d2c3b4a59687", text)
        self.assertNotIn("wh_demo_7c1e4b9a2f6d8035", text)


if __name__ == "__main__":
    unittest.main()
