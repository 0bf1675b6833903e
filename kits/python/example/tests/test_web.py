import base64
import hashlib
import http.client
import io
import json
import re
import shutil
import tempfile
import threading
import unittest
from contextlib import redirect_stderr
from dataclasses import replace
from http.server import ThreadingHTTPServer

import tests.support  # noqa: F401 (puts the core and the examples' web code on the path)

from paystra import Config, GatewayError, InvalidInput, SignedForm, VerificationError
from paystra_example import web

CONFIG = Config.from_values(
    {
        "PAYSTRA_BASE_URL": "http://127.0.0.1:4130/sandbox",
        "PAYSTRA_PAY_ID": "1000000000000001",
        "PAYSTRA_SALT": "a1b2c3d4e5f60718",
        "PAYSTRA_KEY_SALT": "f0e1d2c3b4a59687",
        "PORT": "8000",
    }
)


def make_app():
    app = web.App("Test kit", CONFIG)

    @app.get("/")
    def home(req):
        return app.page("Home <test>", web.paragraph("a & b"))

    @app.post("/echo", json_first=True)
    def echo(req):
        return web.json_response({"form": req.form, "json": req.answer_json})

    @app.post("/invalid")
    def invalid(req):
        raise InvalidInput("AMOUNT", "AMOUNT must be paise")

    @app.post("/forged")
    def forged(req):
        raise VerificationError("the response's HASH does not match its fields")

    @app.get("/refused")
    def refused(req):
        raise GatewayError("324", "Invalid pay id", {"RESPONSE_CODE": "324"})

    @app.get("/boom")
    def boom(req):
        raise RuntimeError("secret detail")

    return app


class Escaping(unittest.TestCase):
    def test_values_are_escaped_once(self):
        self.assertEqual(web.e('<a href="x">\'&'), "&lt;a href=&quot;x&quot;&gt;&#x27;&amp;")
        self.assertEqual(web.e(None), "")
        safe = web.h("<b>{}</b>", "<i>")
        self.assertEqual(safe, "<b>&lt;i&gt;</b>")
        self.assertEqual(web.e(safe), safe)
        self.assertEqual(web.h("<p>{}</p>", safe), "<p><b>&lt;i&gt;</b></p>")

    def test_money_shows_rupees_and_paise(self):
        self.assertEqual(web.money("150000"), '₹1,500.00 <span class="muted">(150000 paise)</span>')

    def test_money_in_shows_a_foreign_amount_in_its_currency_and_rupees_as_money(self):
        self.assertEqual(web.money_in("1250", "414"), 'KWD 1.250 <span class="muted">(AMOUNT 1250)</span>')
        self.assertEqual(web.money_in("500", "392"), 'JPY 500 <span class="muted">(AMOUNT 500)</span>')
        self.assertEqual(web.money_in("100", "356"), web.money("100"))

    def test_outcome_escapes_gateway_values_and_picks_a_tone(self):
        panel = web.outcome({"RESPONSE_CODE": "000", "ORDER_ID": "<script>", "AMOUNT": "100"}, "Paid")
        self.assertIn("&lt;script&gt;", panel)
        self.assertNotIn("<script>", panel)
        self.assertIn('class="card result ok"', panel)
        self.assertEqual(web.tone({"RESPONSE_CODE": "026", "STATUS": "Pending"}), "wait")
        self.assertEqual(web.tone({"RESPONSE_CODE": "004"}), "bad")


class Pages(unittest.TestCase):
    def test_layout_escapes_the_title_and_allows_only_the_auto_submit_script(self):
        response = make_app().handle("GET", "/", {}, b"")
        page = response.body.decode()
        self.assertEqual(response.status, 200)
        self.assertIn("<h1>Home &lt;test&gt;</h1>", page)
        self.assertIn("<p>a &amp; b</p>", page)
        policy = response.headers["Content-Security-Policy"]
        digest = base64.b64encode(hashlib.sha256(web.AUTO_SUBMIT.encode()).digest()).decode()
        self.assertIn(f"script-src 'sha256-{digest}'", policy)
        self.assertIn("form-action 'self' http://127.0.0.1:4130", policy)

    def test_auto_submit_page_has_one_form_of_hidden_fields(self):
        layout = web.Layout("Test kit")
        signed = SignedForm("http://gw/sandbox/paymentrequest", {"CUST_NAME": 'A "quoted" <name>', "HASH": "AB"})
        page = web.auto_submit(layout, signed, "Go", web.order_summary({"AMOUNT": "100"})).body.decode()
        self.assertEqual(page.count("<form"), 1)
        self.assertIn('<form method="post" action="http://gw/sandbox/paymentrequest">', page)
        self.assertIn('<input type="hidden" name="CUST_NAME" value="A &quot;quoted&quot; &lt;name&gt;">', page)
        self.assertIn(f"<script>{web.AUTO_SUBMIT}</script>", page)
        self.assertIn('type="submit"', page)
        self.assertIn("₹1.00", page)


class WebhookNote(unittest.TestCase):
    def test_says_webhooks_are_off_until_the_secret_is_set(self):
        off = web.webhook_note(CONFIG)
        self.assertIn(
            "Set <code>PAYSTRA_WEBHOOK_SECRET</code> (from the merchant portal, not the salt) and the requests "
            'it sends carry <code class="mono">NOTIFY_URL=http://localhost:8000/webhook</code>.',
            off,
        )
        on = web.webhook_note(replace(CONFIG, webhook_secret="wh_demo_7c1e4b9a2f6d8035"))
        self.assertIn('The requests it sends carry <code class="mono">NOTIFY_URL=http://localhost:8000/webhook</code>.', on)
        self.assertNotIn("Set <code>PAYSTRA_WEBHOOK_SECRET</code>", on)
        for note in (off, on):
            self.assertIn("This server also listens at <code>/webhook</code>", note)
            self.assertIn("<code>/orders/&lt;ORDER_ID&gt;</code>", note)

    def test_the_order_store_says_so_at_start_up(self):
        app = web.App("Test kit", replace(CONFIG, data_dir=tempfile.mkdtemp()))
        self.addCleanup(shutil.rmtree, app.config.data_dir)
        with redirect_stderr(io.StringIO()) as printed:
            web.order_store(app, "test")
        self.assertIn("webhooks are off (requests carry no NOTIFY_URL", printed.getvalue())


class Requests(unittest.TestCase):
    def setUp(self):
        self.app = make_app()

    def post(self, path, body, content_type="application/x-www-form-urlencoded", accept=""):
        headers = {"Content-Type": content_type}
        if accept:
            headers["Accept"] = accept
        response = self.app.handle("POST", path, headers, body.encode())
        return response.status, response.body.decode()

    def test_urlencoded_and_json_bodies(self):
        status, body = self.post("/echo", "AMOUNT=100&CUST_NAME=Asha+Verma&ENCDATA=a%2Bb+c")
        self.assertEqual(json.loads(body)["form"], {"AMOUNT": "100", "CUST_NAME": "Asha Verma", "ENCDATA": "a+b c"})
        status, body = self.post("/echo", '{"AMOUNT": 150000, "TRANSFER_MODE": "IMPS"}', "application/json")
        self.assertEqual(json.loads(body)["form"], {"AMOUNT": "150000", "TRANSFER_MODE": "IMPS"})

    def test_a_field_sent_twice_is_refused(self):
        status, body = self.post("/echo", "AMOUNT=100&AMOUNT=1", accept="application/json")
        self.assertEqual(status, 400)
        self.assertIn("AMOUNT was sent more than once", json.loads(body)["error"])

    def test_bad_json_is_refused(self):
        for body in ("{", "[1]", '{"A": {"B": 1}}', '{"A": true}'):
            with self.subTest(body=body):
                self.assertEqual(self.post("/echo", body, "application/json")[0], 400)

    def test_json_or_html(self):
        self.assertTrue(json.loads(self.post("/echo", "")[1])["json"])  # an API route, no Accept
        self.assertFalse(json.loads(self.post("/echo", "", accept="text/html,*/*")[1])["json"])
        self.assertTrue(json.loads(self.post("/echo", "", accept="application/json")[1])["json"])

    def test_errors_answer_in_the_asked_format(self):
        status, body = self.post("/invalid", "", accept="application/json")
        self.assertEqual((status, json.loads(body)), (400, {"error": "AMOUNT must be paise"}))
        status, body = self.post("/invalid", "")
        self.assertEqual(status, 400)
        self.assertIn("AMOUNT must be paise", body)
        self.assertIn("<!doctype html>", body)

        status, body = self.post("/forged", "", accept="application/json")
        self.assertEqual(status, 400)
        self.assertEqual(json.loads(body)["verified"], False)

        refused = self.app.handle("GET", "/refused", {"Accept": "application/json"}, b"")
        self.assertEqual(refused.status, 502)
        self.assertEqual(json.loads(refused.body)["fields"], {"RESPONSE_CODE": "324"})

    def test_unknown_paths_and_methods(self):
        self.assertEqual(self.app.handle("GET", "/nowhere", {}, b"").status, 404)
        response = self.app.handle("GET", "/echo", {}, b"")
        self.assertEqual(response.status, 405)
        self.assertEqual(response.headers["Allow"], "POST")

    def test_an_unexpected_error_is_a_page_without_its_details(self):
        with redirect_stderr(io.StringIO()) as console:
            response = self.app.handle("GET", "/boom", {}, b"")
        self.assertEqual(response.status, 500)
        self.assertNotIn("secret detail", response.body.decode())
        self.assertIn("secret detail", console.getvalue())

    def test_query_strings(self):
        request = web.Request("GET", "/status?order_id=PG%3A1&x=", {}, b"", True)
        self.assertEqual(request.query, {"order_id": "PG:1", "x": ""})


class Serving(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = ThreadingHTTPServer(("127.0.0.1", 0), web._handler_class(make_app()))
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    def request(self, method, path, body=None, headers=None):
        connection = http.client.HTTPConnection(*self.server.server_address, timeout=5)
        try:
            with redirect_stderr(io.StringIO()):
                connection.request(method, path, body=body, headers=headers or {})
                response = connection.getresponse()
                return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def test_pages_are_served_with_safe_headers(self):
        status, headers, body = self.request("GET", "/")
        self.assertEqual(status, 200)
        self.assertEqual(headers["Content-Type"], "text/html; charset=utf-8")
        self.assertEqual(headers["Cache-Control"], "no-store")
        self.assertEqual(headers["X-Content-Type-Options"], "nosniff")
        self.assertTrue(re.search(rb"<title>Home &lt;test&gt; \xc2\xb7 Test kit</title>", body))

    def test_posts_are_read_and_oversized_bodies_refused(self):
        status, _, body = self.request("POST", "/echo", "A=1", {"Content-Type": "application/x-www-form-urlencoded"})
        self.assertEqual((status, json.loads(body)["form"]), (200, {"A": "1"}))
        big = "A=" + "x" * (web.MAX_BODY_BYTES + 1)
        status, _, _ = self.request("POST", "/echo", big, {"Content-Type": "application/x-www-form-urlencoded"})
        self.assertEqual(status, 413)


if __name__ == "__main__":
    unittest.main()
