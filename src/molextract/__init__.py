"""molextract: structured, validated extraction of compounds and measured properties.

The public Python API is what ``__all__`` names, and only from here:

    from molextract import Extractor, extract
    results = extract(["Benzoic acid melts at 122 °C."], schema="melting_point")

See docs/python.md. Everything else in the package is the command line's, the
service's and the pipeline's own, and may change without notice.
"""

from molextract._library import Extractor, extract, read_documents
from molextract.errors import MolextractError, SchemaError
from molextract.ingest.document import Document
from molextract.schemas.models import Measurement, Units
from molextract.schemas.records import DocumentResult, FieldQuantity, Record
from molextract.schemas.registry import schema_document

__version__ = "0.1.0"

__all__ = [
    "Document",
    "DocumentResult",
    "Extractor",
    "FieldQuantity",
    "Measurement",
    "MolextractError",
    "Record",
    "SchemaError",
    "Units",
    "__version__",
    "extract",
    "read_documents",
    "schema_document",
]


def __dir__() -> list[str]:
    """What completion and ``dir()`` show: the public API, not the package's modules."""
    return sorted(__all__)
