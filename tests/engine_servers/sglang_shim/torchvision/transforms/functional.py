"""TEST-ONLY stand-in for ``torchvision.transforms.functional`` (see ``torchvision/__init__.py``)."""

from torchvision._shim import missing_attribute, unavailable
from torchvision.transforms import InterpolationMode

__all__ = ["InterpolationMode", "pil_to_tensor"]

pil_to_tensor = unavailable("torchvision.transforms.functional.pil_to_tensor")
__getattr__ = missing_attribute("torchvision.transforms.functional")
