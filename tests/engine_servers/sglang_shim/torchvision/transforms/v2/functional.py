"""TEST-ONLY stand-in for ``torchvision.transforms.v2.functional`` (see ``torchvision/__init__.py``).

transformers imports this module at import time; nothing in it is used for text models.
"""

from torchvision._shim import missing_attribute

__getattr__ = missing_attribute("torchvision.transforms.v2.functional")
