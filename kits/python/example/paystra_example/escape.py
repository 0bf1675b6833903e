"""Escaping for the example pages: Html is markup already safe; h() formats a trusted template
with every value escaped, so a customer's name or a gateway message can never inject markup."""

import html
from typing import Iterable


class Html(str):
    """Markup that is already safe: never escaped again."""


def e(value: object) -> Html:
    """Escapes a value for HTML text or a quoted attribute (Html passes through as it is)."""
    if isinstance(value, Html):
        return value
    return Html(html.escape("" if value is None else str(value), quote=True))


def h(template: str, *args: object, **values: object) -> Html:
    """Formats a trusted template with every argument escaped: h("<b>{}</b>", name)."""
    return Html(template.format(*(e(a) for a in args), **{k: e(v) for k, v in values.items()}))


def join(parts: Iterable[object]) -> Html:
    return Html("".join(e(part) for part in parts))
