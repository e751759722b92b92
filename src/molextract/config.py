"""Settings: the only place that reads the environment (prefix ``MOLEXTRACT_``)."""

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


def _default_cache_dir() -> Path:
    return Path.home() / ".cache" / "molextract"


class Settings(BaseSettings):
    """Runtime configuration; every field can be set as ``MOLEXTRACT_<NAME>``."""

    model_config = SettingsConfigDict(env_prefix="MOLEXTRACT_", env_file=".env", extra="ignore")

    cache_dir: Path = Field(default_factory=_default_cache_dir)
    local_model: str = Field(
        default="qwen2.5-coder-1.5b",
        description="Catalogue name of a bundled model, or a path to any GGUF file.",
    )
    local_threads: int = Field(default=0, description="llama.cpp threads; 0 means all cores.")
    local_context: int = Field(default=4096, ge=512)
    engines: str = Field(
        default="auto",
        description="Comma-separated engine fallback chain of sglang, vllm, openai, local and "
        "transformers; "
        "'auto' means the servers whose URL is set (sglang, then vllm, then openai), else local.",
    )
    sglang_url: str = Field(default="", description="Base URL of an SGLang server.")
    sglang_model: str = Field(default="", description="Served model name; empty = ask the server.")
    vllm_url: str = Field(default="", description="Base URL of a vLLM OpenAI-compatible server.")
    vllm_model: str = Field(default="", description="Served model name; empty = ask the server.")
    vllm_structured: Literal["response_format", "structured_outputs"] = Field(
        default="response_format",
        description="How the schema is sent to vLLM (never the removed guided_* fields).",
    )
    openai_url: str = Field(default="", description="Base URL of another OpenAI-compatible server.")
    openai_model: str = Field(default="", description="Served model name; empty = ask the server.")
    openai_structured: Literal["json_schema", "json_object_schema", "tgi", "json_schema_field"] = (
        Field(default="json_schema", description="The request form the server understands.")
    )
    transformers_model: str = Field(
        default="",
        description="Hugging Face model directory for the transformers engine (--model wins).",
    )
    transformers_device: str = Field(
        default="auto",
        description="torch device of the transformers engine: auto (CUDA if torch sees a "
        "GPU, else CPU), cpu, cuda or cuda:N.",
    )
    transformers_threads: int = Field(
        default=0,
        ge=0,
        description="torch CPU threads for the transformers engine (process-wide); 0 keeps "
        "torch's default of one per core. 1 is far faster on a CPU shared with other work.",
    )
    engine_api_key: str = Field(default="", description="Bearer token sent to engine servers.")
    engine_timeout: float = Field(default=300.0, gt=0, description="Seconds per request.")
    engine_concurrency: int = Field(
        default=16, ge=1, description="Requests in flight per server engine."
    )
    breaker_failures: int = Field(
        default=3, ge=1, description="Consecutive failed batches that open an engine's breaker."
    )
    breaker_cooldown: float = Field(
        default=30.0, gt=0, description="Seconds before an open breaker lets a probe through."
    )
    max_new_tokens: int = Field(default=512, ge=16, le=8192)
    remote_context_tokens: int = Field(
        default=8192,
        ge=512,
        description="Context window, in tokens, assumed for the engine servers (sglang, vllm, "
        "openai): an inline schema whose prompt would not fit is refused at submission.",
    )
    grammar_compile_memory_mb: int = Field(
        default=2048,
        ge=256,
        description="Address space (MiB) a grammar compile may use; it runs in a child "
        "process, and one that needs more fails its documents, never the worker.",
    )
    grammar_compile_seconds: float = Field(
        default=120.0,
        gt=0,
        description="Longest a grammar compile may run before it is stopped and its "
        "documents fail (a schema error, not retried).",
    )
    chunk_tokens: int = Field(default=700, ge=64, description="Token budget of one text chunk.")
    chunk_overlap_sentences: int = Field(default=1, ge=0, le=5)
    max_records_per_chunk: int = Field(default=8, ge=1, le=64)
    max_document_chars: int = Field(default=2_000_000, ge=1000)
    settle_by_rule: bool = Field(
        default=True,
        description="Record a yield, melting or boiling point without asking the model when "
        "the text names the property outright and a form of the writing says whose it is "
        "(the model's answer would not be used); false asks the model about every candidate.",
    )
    resolve_names: bool = Field(
        default=True,
        description="Turn compound names into structures offline (OPSIN on Java, then a "
        "dictionary); off leaves records with the names only.",
    )
    batch_size: int = Field(
        default=0,
        ge=0,
        description="Documents handed to the engine at once; 0 picks 1 for the local engine "
        "(it generates one at a time, so smaller batches only make progress smoother) and 16 "
        "for servers (to keep their continuous batching full).",
    )

    database_url: str = Field(
        default="", description="SQLAlchemy URL; empty means a SQLite file in the cache dir."
    )
    claim_lease_seconds: int = Field(
        default=10,
        ge=3,
        description="How long a claimed document stays a worker's without a sign of life. "
        "The worker renews the lease every third of it while the chunk runs, so a chunk may "
        "run for hours; a worker that died stops renewing, and its documents go to another "
        "worker within about 1⅓ leases.",
    )
    task_time_limit_seconds: int = Field(
        default=3600,
        ge=60,
        description="Longest one chunk may run before its worker stops it (a hung engine); "
        "the documents then get a worker_error.",
    )

    broker_url: str = Field(
        default="", description="Celery broker; empty = embedded SQLite broker."
    )
    chunk_documents: int = Field(default=8, ge=1, description="Documents per worker task.")
    task_max_retries: int = Field(default=3, ge=0)
    task_retry_backoff: float = Field(default=10.0, gt=0)
    broker_visibility_timeout: int = Field(default=0, ge=0)
    api_max_body_bytes: int = Field(default=10 * 1024 * 1024, ge=1024)
    api_max_documents: int = Field(default=1000, ge=1)
    api_max_document_chars: int = Field(default=200_000, ge=1)
    api_max_schema_bytes: int = Field(default=65536, ge=1024)
    api_max_pdf_bytes: int = Field(default=50 * 1024 * 1024, ge=1024)
    api_max_pdf_pages: int = Field(default=500, ge=1)
    require_api_key: bool | None = None
    public_docs: bool = Field(
        default=False,
        description="Publish /docs and /openapi.json without a key where keys are required "
        "(the published document then leaves out the built-in schema names, which are behind "
        "the key at /v1/schemas). Where keys are not required they are public anyway.",
    )
    corpora: Path | None = Field(
        default=None,
        description="Folder holding local copies of the public annotated corpora the "
        "benchmarks read (ChEMU, ChemRxnExtractor, USPTO/ORD), laid out as "
        "<repository name>/<path in the repository>; never needed to extract.",
    )

    @property
    def database(self) -> str:
        return self.database_url or f"sqlite:///{self.cache_dir / 'molextract.db'}"

    @property
    def models_dir(self) -> Path:
        return self.cache_dir / "models"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Process-wide settings, read once."""
    return Settings()
