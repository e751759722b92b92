"""One exception hierarchy for the whole package.

Every message is written for the person running the tool: it says what is wrong
and, where there is one, what to do about it. The CLI prints ``str(exc)`` and the
API maps the class to a status code, so no caller needs to know the details.
"""


class MolextractError(Exception):
    """Base class of every error molextract raises on purpose."""


class ConfigError(MolextractError):
    """A setting is missing or has a value that cannot work."""


class SchemaError(MolextractError):
    """An unknown schema name, or a custom JSON Schema molextract cannot use."""


class InputError(MolextractError):
    """An input file or document that cannot be read at all."""


class ModelError(MolextractError):
    """A model file that is missing, incomplete, or fails its hash check."""


class EngineError(MolextractError):
    """An engine failed to produce a generation for a batch."""


class EngineUnavailableError(EngineError):
    """The engine cannot be reached or loaded; a fallback engine may be tried."""


class ConstraintError(EngineError):
    """Grammar constraint was not applied, so the output cannot be trusted."""
