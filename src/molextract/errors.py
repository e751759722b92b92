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


class PermanentEngineError(EngineError):
    """The engine can never serve this request as it stands: retrying cannot help.

    A prompt longer than the model's context, a grammar beyond the compile limits: the
    same request fails the same way every time, so it is not an outage. The pipeline
    records ``code`` on the documents concerned, and a worker fails them at once
    instead of retrying the batch with backoff. In a fallback chain the next engine is
    still tried (its context may be longer).
    """

    #: The per-document error code the pipeline records for it.
    code = "engine_refused"


class PromptTooLongError(PermanentEngineError):
    """The prompt (with the answer's token budget) does not fit the model's context."""
