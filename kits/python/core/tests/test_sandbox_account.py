import json
import os
import shutil
import socket
import stat
import tempfile
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from paystra import (
    Config,
    ConfigError,
    GatewayError,
    GatewayUnavailable,
    InvalidInput,
    create_sandbox_account,
    write_env_file,
)

# The sandbox's own answers to POST /accounts, recorded from a sandbox at
# http://localhost:3000/sandbox: the same bytes, in the same order.
ENV = """# Paystra kit configuration for sandbox account 3773599642181897.
# Environment variables override these values. Keep this file on your server: it holds
# your salt and webhook secret.

# The gateway: this sandbox.
PAYSTRA_BASE_URL=http://localhost:3000/sandbox
# Your merchant id (PAY_ID) and salt.
PAYSTRA_PAY_ID=3773599642181897
PAYSTRA_SALT=530dfe1903fb0f06
# Derives the 32-character AES key of ENCDATA (responses and merchant-hosted requests).
PAYSTRA_KEY_SALT=f96a0b4eef978c30
# Verifies the signed webhooks the gateway POSTs to NOTIFY_URL (APP_URL/webhook).
PAYSTRA_WEBHOOK_SECRET=wh_c98c7a1c04ec4a0eadaf875821d416cf

# Where this app is reachable; the gateway returns the customer to APP_URL/response and
# posts webhooks to APP_URL/webhook.
APP_URL=http://localhost:8000
PORT=8000
# Where the examples keep their orders (<example>-orders.json); default ./data in the kit root.
# PAYSTRA_DATA_DIR=data
"""
CONSOLE = "http://localhost:3000/sandbox/console/tl4-7EL_Eqy_CC0D83YKpM42Z_orZH9kgnBDHCgnnfg"
ACCOUNT = {
    "STATUS": "Created",
    "PAY_ID": "3773599642181897",
    "SALT": "530dfe1903fb0f06",
    "KEY_SALT": "f96a0b4eef978c30",
    "MERCHANT_HOSTED_KEY": "5BC116EA0D0104F0E095246E6692C1F6",
    "WEBHOOK_SECRET": "wh_c98c7a1c04ec4a0eadaf875821d416cf",
    "NAME": "Chai & Co.",
    "PAYSTRA_BASE_URL": "http://localhost:3000/sandbox",
    "CONSOLE_URL": CONSOLE,
    "PAYSTRA_ENV_URL": CONSOLE + "/paystra.env",
    "PAYSTRA_ENV": ENV,
    "IDLE_DAYS": "30",
}
CREATED = (201, json.dumps(ACCOUNT, separators=(",", ":")).encode())
BAD_NAME = (
    400,
    b'{"STATUS":"Failed","RESPONSE_CODE":"360","RESPONSE_MESSAGE":"Invalid account name: up to 60 letters, '
    b"digits, spaces and . , & ' ( ) - / characters\"}",
)
LIMITED = (429, b'{"STATUS":"Failed","RESPONSE_CODE":"344","RESPONSE_MESSAGE":"Too many requests: try again later"}')
FULL = (
    503,
    b'{"STATUS":"Failed","RESPONSE_CODE":"361","RESPONSE_MESSAGE":"The sandbox holds as many accounts as it can: '
    b'try again later"}',
)


class StubSandbox(BaseHTTPRequestHandler):
    """Answers `answer` (status, body[, content type]) and records each request."""

    requests = []
    answer = CREATED

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        StubSandbox.requests.append((self.path, dict(self.headers), body))
        status, reply, *content_type = StubSandbox.answer
        self.send_response(status)
        self.send_header("Content-Type", content_type[0] if content_type else "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args):
        pass


class CreateSandboxAccount(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ThreadingHTTPServer(("127.0.0.1", 0), StubSandbox)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.base_url = f"http://127.0.0.1:{cls.server.server_address[1]}/sandbox"

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def setUp(self):
        StubSandbox.requests = []
        StubSandbox.answer = CREATED

    def test_posts_the_tidied_name_as_json_unsigned_and_answers_the_accounts_fields(self):
        account = create_sandbox_account(self.base_url + "/", "  Chai  &\u00a0Co. ", timeout=5)
        self.assertEqual(account, ACCOUNT)
        [(path, headers, body)] = StubSandbox.requests
        self.assertEqual(path, "/sandbox/accounts")
        self.assertEqual(headers["Content-Type"], "application/json")
        self.assertEqual(headers["Accept"], "application/json")
        self.assertEqual(json.loads(body), {"NAME": "Chai & Co."})

    def test_sends_no_name_without_one_for_the_sandboxs_own(self):
        for name in (None, "", "   "):
            create_sandbox_account(self.base_url, name, timeout=5)
        self.assertEqual([json.loads(body) for _, _, body in StubSandbox.requests], [{}, {}, {}])

    def test_each_refusal_raises_gateway_error_with_its_code_message_and_http_status(self):
        for answer, code in ((BAD_NAME, "360"), (LIMITED, "344"), (FULL, "361")):
            StubSandbox.answer = answer
            with self.subTest(code=code), self.assertRaises(GatewayError) as raised:
                create_sandbox_account(self.base_url, "Chai & Co.", timeout=5)
            fields = json.loads(answer[1])
            self.assertEqual(raised.exception.code, code)
            self.assertEqual(raised.exception.http_status, answer[0])
            self.assertEqual(raised.exception.fields, fields)
            self.assertEqual(str(raised.exception), f"{code}: {fields['RESPONSE_MESSAGE']}")

    def test_a_name_the_sandbox_refuses_is_refused_before_sending(self):
        for name in ("x" * 61, "\U0001d400" * 31, "tab\there", "line\nbreak", "<script>", "a~b", "a@b", "bell\x85", 7):
            with self.subTest(name=name), self.assertRaises(InvalidInput):
                create_sandbox_account(self.base_url, name, timeout=5)
        self.assertEqual(StubSandbox.requests, [])
        for name in ("x" * 60, "\U0001d400" * 30, "Café Ünïcode", "चाय वाला", "O'Brien (Pune) - 2/B, Ltd."):
            create_sandbox_account(self.base_url, name, timeout=5)
        self.assertEqual(len(StubSandbox.requests), 5)

    def test_a_base_url_that_is_not_http_is_refused_before_sending(self):
        for url in (None, "", "localhost:3000/sandbox", "ftp://localhost/sandbox"):
            with self.subTest(url=url), self.assertRaises(ConfigError):
                create_sandbox_account(url, "Shop", timeout=5)
        self.assertEqual(StubSandbox.requests, [])

    def test_an_answer_that_is_not_json_or_not_an_account_raises(self):
        # A sandbox that makes no accounts answers its HTML 404 page.
        StubSandbox.answer = (404, b'<!doctype html><html lang="en" dir="ltr">\n<head>', "text/html; charset=utf-8")
        with self.assertRaisesRegex(GatewayUnavailable, "HTTP 404 without JSON"):
            create_sandbox_account(self.base_url, "Shop", timeout=5)
        without_salt = {key: value for key, value in ACCOUNT.items() if key != "SALT"}
        for answer in ((201, json.dumps(without_salt).encode()), (200, CREATED[1])):
            StubSandbox.answer = answer
            with self.assertRaises(GatewayError):
                create_sandbox_account(self.base_url, "Shop", timeout=5)
        StubSandbox.answer = (201, b"[]")
        with self.assertRaises(GatewayUnavailable):
            create_sandbox_account(self.base_url, "Shop", timeout=5)

    def test_a_sandbox_that_cannot_be_reached_raises_gateway_unavailable(self):
        with socket.socket() as closed:
            closed.bind(("127.0.0.1", 0))
            port = closed.getsockname()[1]
        with self.assertRaisesRegex(GatewayUnavailable, "could not reach the sandbox"):
            create_sandbox_account(f"http://127.0.0.1:{port}/sandbox", "Shop", timeout=5)


class WriteEnvFile(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="paystra-account-")
        self.addCleanup(shutil.rmtree, self.root)

    def test_saves_the_accounts_paystra_env_for_its_owner_keeping_one_that_is_there_unless_told(self):
        path = write_env_file(self.root, ACCOUNT)
        self.assertEqual(str(path), os.path.join(self.root, "paystra.env"))
        with open(path, "rb") as file:
            self.assertEqual(file.read(), ENV.encode())
        if os.name == "posix":
            self.assertEqual(stat.S_IMODE(os.stat(path).st_mode), 0o600)
        self.assertEqual(Config.load(self.root, environ={}).pay_id, ACCOUNT["PAY_ID"])

        with open(path, "w") as file:
            file.write("PAYSTRA_PAY_ID=1000000000000001\n")
        with self.assertRaises(ConfigError):
            write_env_file(self.root, ACCOUNT)
        with open(path) as file:
            self.assertEqual(file.read(), "PAYSTRA_PAY_ID=1000000000000001\n")
        write_env_file(self.root, ACCOUNT, overwrite=True)
        with open(path) as file:
            self.assertEqual(file.read(), ENV)

    def test_an_account_without_paystra_env_is_refused(self):
        with self.assertRaises(ConfigError):
            write_env_file(self.root, {"PAY_ID": "1"})
        self.assertFalse(os.path.exists(os.path.join(self.root, "paystra.env")))


if __name__ == "__main__":
    unittest.main()
