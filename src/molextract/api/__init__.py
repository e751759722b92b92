"""The job service's HTTP API (FastAPI): ``create_app`` and what ``molextract serve`` needs."""

from molextract.api.app import create_app
from molextract.api.limits import ApiLimits, is_loopback, require_api_key_for
from molextract.api.logs import log_config

__all__ = ["ApiLimits", "create_app", "is_loopback", "log_config", "require_api_key_for"]
