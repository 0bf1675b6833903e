"""
Rewrites the currency table of paystra/currency.py from the protocol vectors' `currencies`
section, so the table is never typed by hand:

    python3 core/tools/currency_table.py [path/to/vectors.json]   (default: PAYSTRA_VECTORS)
"""

import json
import os
import re
import sys
from pathlib import Path

TABLE = Path(__file__).resolve().parent.parent / "paystra" / "currency.py"
BLOCK = re.compile(r"(# paystra:generated currencies[^\n]*\n).*?(# paystra:endgenerated)", re.S)


def main() -> None:
    source = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("PAYSTRA_VECTORS", "")
    if not source:
        raise SystemExit("usage: currency_table.py VECTORS_JSON (or set PAYSTRA_VECTORS)")
    listed = json.loads(Path(source).read_text(encoding="utf-8"))["currencies"]["list"]
    rows = "".join(
        f'    Currency("{entry["CODE"]}", "{entry["CURRENCY_CODE"]}", {entry["MINOR_UNITS"]}),\n' for entry in listed
    )
    text = TABLE.read_text(encoding="utf-8")
    TABLE.write_text(BLOCK.sub(lambda m: f"{m.group(1)}CURRENCIES = (\n{rows})\n{m.group(2)}", text), encoding="utf-8")
    print(f"{TABLE}: {len(listed)} currencies")


if __name__ == "__main__":
    main()
