"""TEST-ONLY stand-in for ``torchvision.transforms.v2`` (see ``torchvision/__init__.py``)."""

from torchvision._shim import missing_attribute
from torchvision.transforms.v2 import functional

__all__ = ["functional"]
__getattr__ = missing_attribute("torchvision.transforms.v2")
