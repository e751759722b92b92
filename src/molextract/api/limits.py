"""What one request may carry, and whether it must carry an API key.

The values come from :class:`~molextract.config.Settings`. They are read with
``getattr`` and defaults because the ``api_*`` fields are not declared there yet;
once they are, :meth:`ApiLimits.from_settings` keeps working unchanged and the
defaults here become dead weight to delete.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import TypeVar

from molextract.config import Settings
from molextract.errors import ConfigError
from molextract.schemas.registry import MAX_CUSTOM_SCHEMA_BYTES

MIB = 1024 * 1024

DEFAULT_MAX_BODY_BYTES = 10 * MIB
DEFAULT_MAX_DOCUMENTS = 1000
DEFAULT_MAX_DOCUMENT_CHARS = 200_000
DEFAULT_MAX_SCHEMA_BYTES = MAX_CUSTOM_SCHEMA_BYTES
#: A paper's supporting information can run to tens of MB; the body limit applies too
#: (a PDF larger than ``max_body_bytes`` cannot arrive whatever this says).
DEFAULT_MAX_PDF_BYTES = 50 * MIB
#: Reading costs tens of ms a page in the request, so pages bound a request's CPU time.
DEFAULT_MAX_PDF_PAGES = 500

_T = TypeVar("_T", int, bool)


def _setting(settings: Settings, name: str, default: _T) -> _T:
    value = getattr(settings, name, default)
    if type(value) is not type(default):
        raise ConfigError(f"setting {name} must be {type(default).__name__}, got {value!r}")
    if isinstance(value, int) and not isinstance(value, bool) and value < 1:
        raise ConfigError(f"setting {name} must be at least 1, got {value}")
    return value


@dataclass(frozen=True)
class ApiLimits:
    """Bounds that keep one request from exhausting memory, the database or a worker."""

    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    max_documents: int = DEFAULT_MAX_DOCUMENTS
    max_document_chars: int = DEFAULT_MAX_DOCUMENT_CHARS
    max_schema_bytes: int = DEFAULT_MAX_SCHEMA_BYTES
    max_pdf_bytes: int = DEFAULT_MAX_PDF_BYTES
    max_pdf_pages: int = DEFAULT_MAX_PDF_PAGES
    require_api_key: bool = True

    @classmethod
    def from_settings(cls, settings: Settings) -> ApiLimits:
        """Limits from ``settings``; an undecided ``require_api_key`` (``None``) means True.

        Only ``molextract serve`` knows the host it binds, so it decides with
        :func:`require_api_key_for` and passes the answer in; an app built any other
        way fails closed.
        """
        require = getattr(settings, "require_api_key", None)
        if require is not None and not isinstance(require, bool):
            raise ConfigError(f"setting require_api_key must be a boolean, got {require!r}")
        return cls(
            max_body_bytes=_setting(settings, "api_max_body_bytes", DEFAULT_MAX_BODY_BYTES),
            max_documents=_setting(settings, "api_max_documents", DEFAULT_MAX_DOCUMENTS),
            max_document_chars=_setting(
                settings, "api_max_document_chars", DEFAULT_MAX_DOCUMENT_CHARS
            ),
            max_schema_bytes=_setting(settings, "api_max_schema_bytes", DEFAULT_MAX_SCHEMA_BYTES),
            max_pdf_bytes=_setting(settings, "api_max_pdf_bytes", DEFAULT_MAX_PDF_BYTES),
            max_pdf_pages=_setting(settings, "api_max_pdf_pages", DEFAULT_MAX_PDF_PAGES),
            require_api_key=True if require is None else require,
        )


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach a server bound to ``host``."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def require_api_key_for(host: str, configured: bool | None) -> bool:
    """The effective ``require_api_key`` for a server bound to ``host``.

    A laptop demo on 127.0.0.1 works without keys; anything reachable from the
    network needs one unless the operator explicitly said otherwise.
    """
    if configured is not None:
        return configured
    return not is_loopback(host)
