"""
Command line: see what the library computes, e.g. the hash of the published vector:

    PYTHONPATH=core python3 -m paystra sign --salt 473531b173db4371 \
        ORDER_ID=SPIN020406172 PAY_ID=1001340526093022 TXNTYPE=STATUS

or send a signed test webhook to a running example:

    PYTHONPATH=core python3 -m paystra webhook --secret wh_demo_7c1e4b9a2f6d8035 \
        --salt a1b2c3d4e5f60718 --post http://localhost:8000/webhook \
        ORDER_ID=PG1763712000123 RESPONSE_CODE=000 STATUS=Captured AMOUNT=100
"""

import argparse
import sys
import time
import urllib.error
import urllib.request
from typing import Dict, List, Optional

from . import (
    canonical,
    decrypt,
    encrypt,
    merchant_hosted_key,
    new_event_id,
    sign,
    sign_webhook_event,
    verify,
    with_hash,
)


def _fields(pairs: List[str]) -> Dict[str, str]:
    fields = {}
    for pair in pairs:
        key, separator, value = pair.partition("=")
        if not separator or not key:
            raise SystemExit(f"expected KEY=VALUE, found {pair!r}")
        fields[key] = value
    return fields


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m paystra", description="Paystra protocol tools: HASH, the merchant-hosted key, ENCDATA.")
    commands = parser.add_subparsers(dest="command", required=True)

    sign_cmd = commands.add_parser("sign", help="print the canonical string and the HASH of fields")
    sign_cmd.add_argument("--salt", required=True)
    sign_cmd.add_argument("fields", nargs="+", metavar="KEY=VALUE")

    verify_cmd = commands.add_parser("verify", help="check fields that include HASH=...")
    verify_cmd.add_argument("--salt", required=True)
    verify_cmd.add_argument("fields", nargs="+", metavar="KEY=VALUE")

    key_cmd = commands.add_parser("key", help="print the merchant-hosted AES key")
    key_cmd.add_argument("--key-salt", required=True)
    key_cmd.add_argument("--pay-id", required=True)

    encrypt_cmd = commands.add_parser("encrypt", help="print the ENCDATA of fields")
    encrypt_cmd.add_argument("--salt", required=True)
    encrypt_cmd.add_argument("--key", required=True, help="the 32-character merchant-hosted key")
    encrypt_cmd.add_argument("fields", nargs="+", metavar="KEY=VALUE")

    decrypt_cmd = commands.add_parser("decrypt", help="print the fields inside ENCDATA")
    decrypt_cmd.add_argument("--key", required=True)
    decrypt_cmd.add_argument("encdata")

    webhook_cmd = commands.add_parser(
        "webhook", help="sign a test webhook event (data = the fields) and print it, or POST it with --post"
    )
    webhook_cmd.add_argument("--secret", required=True, help="the webhook secret (PAYSTRA_WEBHOOK_SECRET)")
    webhook_cmd.add_argument("--salt", help="adds the data's HASH, as the gateway does")
    webhook_cmd.add_argument("--type", default="payment.captured")
    webhook_cmd.add_argument("--id", help="the event id (a new evt_… when left out; repeat one to test duplicates)")
    webhook_cmd.add_argument("--timestamp", type=int, help="unix seconds (default: now)")
    webhook_cmd.add_argument("--post", metavar="URL", help="send it there, e.g. http://localhost:8000/webhook")
    webhook_cmd.add_argument("fields", nargs="*", metavar="KEY=VALUE")

    args = parser.parse_args(argv)
    if args.command == "sign":
        fields = _fields(args.fields)
        print(canonical(fields))
        print(sign(fields, args.salt))
    elif args.command == "verify":
        ok = verify(_fields(args.fields), args.salt)
        print("verified" if ok else "does NOT verify")
        return 0 if ok else 1
    elif args.command == "key":
        print(merchant_hosted_key(args.key_salt, args.pay_id))
    elif args.command == "encrypt":
        print(encrypt(_fields(args.fields), args.salt, args.key))
    elif args.command == "decrypt":
        for key, value in decrypt(args.encdata, args.key).items():
            print(f"{key}={value}")
    elif args.command == "webhook":
        return _webhook(args)
    return 0


def _webhook(args: argparse.Namespace) -> int:
    data = _fields(args.fields)
    if args.salt:
        data = with_hash(data, args.salt)
    timestamp = int(time.time()) if args.timestamp is None else args.timestamp
    event = {"id": args.id or new_event_id(), "type": args.type, "created": timestamp, "data": data}
    signed = sign_webhook_event(event, args.secret, timestamp)
    if not args.post:
        for name, value in signed["headers"].items():
            print(f"{name}: {value}")
        print()
        print(signed["body"], end="")
        return 0
    request = urllib.request.Request(args.post, data=signed["body"].encode("utf-8"), headers=signed["headers"], method="POST")
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            status, answer = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, answer = error.code, error.read()
    except urllib.error.URLError as error:
        raise SystemExit(f"could not POST to {args.post}: {error.reason}") from None
    print(status, answer.decode("utf-8", errors="replace"))
    return 0 if 200 <= status < 300 else 1


if __name__ == "__main__":
    sys.exit(main())
