"""TEST-ONLY stand-in for ``torchvision``: just enough names for imports to succeed.

SGLang imports ``torchvision.transforms`` from multimodal helpers even when it serves a
text model, and once a ``torchvision`` is importable, transformers' image utilities import
``torchvision.io`` and ``torchvision.transforms`` too. PyPI's torchvision does not load
beside the local ``torch==2.13.0+cpu``, and molextract's tests serve only a text model, so
this package provides the names those imports bind, and nothing that works: calling any of
them, or reaching for any other name, raises with a message that names this shim. It is on
the path of the test venv alone (``scripts/engine_servers.py``), never on the product's.
"""

from torchvision import io, transforms

__version__ = "0.0.0+molextract.test.shim"

__all__ = ["io", "transforms"]
