"""
Command line: see what the library computes, e.g. the hash of the published vector:

    PYTHONPATH=core python3 -m paystra sign --salt 473531b173db4371 \
        ORDER_ID=SPIN020406172 PAY_ID=1001340526093022 TXNTYPE=STATUS
"""

import argparse
import sys
from typing import Dict, List, Optional

from . import canonical, decrypt, encrypt, merchant_hosted_key, sign, verify


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
    return 0


if __name__ == "__main__":
    sys.exit(main())
