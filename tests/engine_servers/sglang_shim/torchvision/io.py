"""TEST-ONLY stand-in for ``torchvision.io`` (see ``torchvision/__init__.py``).

transformers' ``image_utils`` binds these two names at import when torchvision is present.
"""

from enum import Enum

from torchvision._shim import missing_attribute, unavailable


class ImageReadMode(Enum):
    """The real enum's members, for imports only."""

    UNCHANGED = 0
    GRAY = 1
    GRAY_ALPHA = 2
    RGB = 3
    RGB_ALPHA = 4


decode_image = unavailable("torchvision.io.decode_image")
__getattr__ = missing_attribute("torchvision.io")
