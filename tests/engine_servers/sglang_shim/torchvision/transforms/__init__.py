"""TEST-ONLY stand-in for ``torchvision.transforms`` (see ``torchvision/__init__.py``).

transformers and SGLang bind ``InterpolationMode`` (and map its members) at import.
"""

from enum import Enum

from torchvision._shim import missing_attribute


class InterpolationMode(Enum):
    """The real enum's members, for imports only."""

    NEAREST = "nearest"
    NEAREST_EXACT = "nearest-exact"
    BILINEAR = "bilinear"
    BICUBIC = "bicubic"
    BOX = "box"
    HAMMING = "hamming"
    LANCZOS = "lanczos"


from torchvision.transforms import functional, v2  # noqa: E402  (they import InterpolationMode)

__all__ = ["InterpolationMode", "functional", "v2"]
__getattr__ = missing_attribute("torchvision.transforms")
