"""The page around every screen of an example: header, heading, content and footer, the
examples' one stylesheet (example/example.css) and the Content Security Policy."""

import base64
import hashlib
from pathlib import Path
from typing import Optional

from .escape import Html, h
from .exchange import Response

AUTO_SUBMIT = "document.forms[0].submit()"
_AUTO_SUBMIT_HASH = base64.b64encode(hashlib.sha256(AUTO_SUBMIT.encode()).digest()).decode()

# The one stylesheet every kit language's examples use, read on the first page: a downloaded kit
# ships it beside this web layer as example/example.css; the kits' source tree keeps it in a
# folder shared by every language, beside this kit's.
_KIT_ROOT = Path(__file__).resolve().parent.parent.parent
STYLE_FILES = (_KIT_ROOT / "example" / "example.css", _KIT_ROOT.parent / "shared" / "example.css")
_style: Optional[Html] = None


def example_style() -> Html:
    global _style
    if _style is None:
        found = next((file for file in STYLE_FILES if file.is_file()), None)
        if found is None:
            raise FileNotFoundError(f"Missing {STYLE_FILES[0]}: the examples' stylesheet")
        _style = Html(found.read_text(encoding="utf-8"))
    return _style


class Layout:
    """The chrome of every page of one example: its name in the header, the sandbox notice below."""

    def __init__(self, kit_name: str, gateway_origin: str = "") -> None:
        self.kit_name = kit_name
        self.gateway_origin = gateway_origin

    def page(self, title: str, body: Html, status: int = 200, lead: str = "") -> Response:
        document = h(
            """<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{title} · {kit}</title>
<style>{style}</style>
</head>
<body>
<header class="top"><div class="wrap">
<a class="brand" href="/">Paystra <span>{kit}</span></a>
<span class="badge">Sandbox</span>
</div></header>
<main class="wrap">
<h1>{title}</h1>
{lead}
{body}
</main>
<footer class="wrap">
<p>Test mode: no real money moves. Amounts travel in paise, the smallest unit of the rupee:
AMOUNT 100 is ₹1.00. Every request is signed with your salt on this server; the salt never
reaches the browser.</p>
</footer>
</body>
</html>
""",
            title=title,
            kit=self.kit_name,
            style=example_style(),
            lead=h('<p class="lead">{}</p>', lead) if lead else Html(""),
            body=body,
        )
        response = Response(status, document, "text/html; charset=utf-8")
        form_targets = " ".join(filter(None, ["'self'", self.gateway_origin]))
        response.headers["Content-Security-Policy"] = (
            "default-src 'none'; img-src 'self' http: https: data:; style-src 'unsafe-inline'; "
            f"script-src 'sha256-{_AUTO_SUBMIT_HASH}'; form-action {form_targets}; "
            "frame-ancestors 'none'; base-uri 'none'"
        )
        return response
