"""The documents quote code between `paystra:region <name>` and `paystra:endregion` markers."""

import re
import unittest

from tests.support import CORE

KIT_ROOT = CORE.parent
MARKER = re.compile(r"^\s*# paystra:(region (\S+)|endregion)\s*$")

REQUIRED = {
    "core/paystra/hash.py": {"hash", "verify"},
    "core/paystra/cipher.py": {"encrypt", "decrypt"},
    "core/paystra/client.py": {"status", "refund", "payout", "qr"},
    "core/paystra/webhook.py": {"webhook-verify"},
    "server/app.py": {"payment-request", "response", "webhook"},
    "pg/app.py": {"payment-request", "response"},
    "wallet/app.py": {"merchant-hosted-request"},
}


def regions(path):
    """{name: number of lines inside}; raises on unbalanced or nested markers."""
    found, open_name, count = {}, None, 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        match = MARKER.match(line)
        if match and match.group(2):
            if open_name:
                raise AssertionError(f"{path}:{number}: region {match.group(2)} inside {open_name}")
            open_name, count = match.group(2), 0
        elif match:
            if not open_name:
                raise AssertionError(f"{path}:{number}: endregion without a region")
            found[open_name], open_name = count, None
        elif open_name:
            count += 1
    if open_name:
        raise AssertionError(f"{path}: region {open_name} never ends")
    return found


class Regions(unittest.TestCase):
    def test_every_required_region_exists_and_is_short(self):
        for relative, names in REQUIRED.items():
            path = KIT_ROOT / relative
            if not path.is_file():
                continue  # an archive carries the core and one example only
            with self.subTest(file=relative):
                found = regions(path)
                self.assertLessEqual(names, set(found), f"{relative} misses {names - set(found)}")
                for name, lines in found.items():
                    self.assertTrue(5 <= lines <= 30, f"{relative}#{name} has {lines} lines")


if __name__ == "__main__":
    unittest.main()
