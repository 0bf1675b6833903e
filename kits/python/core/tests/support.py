"""Where the shared protocol vectors are: PAYSTRA_VECTORS, else tests/vectors.json beside these tests."""

import json
import os
import sys
from functools import lru_cache
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CORE = TESTS.parent
if str(CORE) not in sys.path:
    sys.path.insert(0, str(CORE))

# A kit archive carries a copy beside these tests; the kits' source tree reads the protocol's own copy.
CANDIDATES = [TESTS / "vectors.json", CORE.parent.parent.parent / "core" / "protocol" / "vectors.json"]


def vectors_path() -> Path:
    configured = os.environ.get("PAYSTRA_VECTORS")
    if configured:
        return Path(configured)
    for candidate in CANDIDATES:
        if candidate.is_file():
            return candidate
    return CANDIDATES[0]


@lru_cache(maxsize=None)
def vectors() -> dict:
    path = vectors_path()
    if not path.is_file():
        raise FileNotFoundError(f"protocol vectors not found at {path}: set PAYSTRA_VECTORS")
    return json.loads(path.read_text(encoding="utf-8"))
