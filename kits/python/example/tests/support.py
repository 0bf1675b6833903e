"""Puts the kit's core (the paystra library) and the examples' web code on the path."""

import sys
from pathlib import Path

EXAMPLES_WEB = Path(__file__).resolve().parent.parent
KIT_ROOT = EXAMPLES_WEB.parent
for folder in (KIT_ROOT / "core", EXAMPLES_WEB):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
