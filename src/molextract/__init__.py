"""molextract: structured, validated extraction of compounds and measured properties."""

from molextract.errors import MolextractError

__version__ = "0.1.0"

__all__ = ["MolextractError", "__version__"]
