"""The examples' requests and answers: one parsed request (urlencoded, JSON, plain text), a
response, an HTTP error, JSON and redirect answers, and the handler type that joins them."""

import json
from typing import Callable, Dict, List, Mapping, Optional, Union
from urllib.parse import parse_qs, urlsplit

MAX_BODY_BYTES = 64 * 1024


class HttpError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Request:
    def __init__(self, method: str, target: str, headers: Mapping[str, str], body: bytes, json_first: bool) -> None:
        parts = urlsplit(target)
        self.method = method
        self.path = parts.path or "/"
        self.query = _single_values(parse_qs(parts.query, keep_blank_values=True), strict=False)
        self.headers = headers
        self.body = body
        self.json_first = json_first
        self.content_type = (headers.get("Content-Type") or "").split(";")[0].strip().lower()
        self.tail = ""
        """What a `/*` route matched: the last path segment, URL-decoded."""
        self._form: Optional[Dict[str, str]] = None

    @property
    def form(self) -> Dict[str, str]:
        """The posted fields, urlencoded or a JSON object; a field given twice is refused."""
        if self._form is None:
            self._form = self._parse_form()
        return self._form

    @property
    def text(self) -> str:
        try:
            return self.body.decode("utf-8")
        except UnicodeDecodeError as error:
            raise HttpError(400, "the request body is not UTF-8") from error

    @property
    def answer_json(self) -> bool:
        """
        JSON when the client asks for it (or posted JSON); HTML when it asks for HTML (a browser);
        otherwise what the route is mostly for (json_first: the API routes).
        """
        accept = (self.headers.get("Accept") or "").lower()
        if "application/json" in accept or self.content_type == "application/json":
            return True
        if "text/html" in accept:
            return False
        return self.json_first

    def _parse_form(self) -> Dict[str, str]:
        if self.content_type == "application/json":
            try:
                data = json.loads(self.text or "{}")
            except ValueError as error:
                raise HttpError(400, "the request body is not valid JSON") from error
            if not isinstance(data, dict):
                raise HttpError(400, "the JSON body must be an object of fields")
            fields = {}
            for key, value in data.items():
                if isinstance(value, bool) or not isinstance(value, (str, int)):
                    raise HttpError(400, f"{key} must be a string")
                fields[key] = str(value)
            return fields
        if self.content_type in ("application/x-www-form-urlencoded", ""):
            return _single_values(parse_qs(self.text, keep_blank_values=True), strict=True)
        return {}


def _single_values(parsed: Dict[str, List[str]], strict: bool) -> Dict[str, str]:
    values = {}
    for key, given in parsed.items():
        if strict and len(given) > 1:
            # Which of two amounts was meant? Guessing is how a tampered form gets through.
            raise HttpError(400, f"{key} was sent more than once")
        values[key] = given[0]
    return values


class Response:
    def __init__(self, status: int, body: Union[str, bytes], content_type: str) -> None:
        self.status = status
        self.body = body.encode("utf-8") if isinstance(body, str) else body
        self.content_type = content_type
        self.headers: Dict[str, str] = {}


def json_response(data: object, status: int = 200) -> Response:
    return Response(status, json.dumps(data, ensure_ascii=False, indent=2), "application/json; charset=utf-8")


def redirect(location: str) -> Response:
    response = Response(303, "", "text/plain; charset=utf-8")
    response.headers["Location"] = location
    return response


Handler = Callable[[Request], Response]
