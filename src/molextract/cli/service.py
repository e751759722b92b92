"""The job-service commands: ``serve``, ``worker``, ``keys`` and ``submit``.

``serve`` with no broker configured is the whole service in one command (API plus
a supervised worker on an SQLite broker beside the store); with
``MOLEXTRACT_BROKER_URL`` it is the API only and ``worker`` runs the workers.
``submit`` is ``run`` through a service: same inputs, same output lines.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Annotated

import typer

from molextract.cli.console import (
    SkipReporter,
    err,
    expected_documents,
    fail,
    jobs_progress,
    summary,
)
from molextract.cli.options import Inputs, Limit, LogLevel, Rejects, Resume, SchemaName
from molextract.config import get_settings
from molextract.errors import MolextractError
from molextract.ingest import Skipped, check_inputs
from molextract.runs.client import ApiClient, ApiError, ApiUnreachable, RefusedDocument
from molextract.runs.local import RunStats
from molextract.runs.sinks import done_ids, output_sinks, rejects_path

keys_app = typer.Typer(help="Manage API keys (stored hashed; the secret is shown once).")

DEFAULT_API = "http://127.0.0.1:8000"


def serve(
    host: Annotated[str, typer.Option(help="Address to bind.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to bind.")] = 8000,
    log_level: LogLevel = "INFO",
) -> None:
    """Run the job API; without MOLEXTRACT_BROKER_URL also an embedded worker (no Redis).

    On 127.0.0.1 requests need no API key unless MOLEXTRACT_REQUIRE_API_KEY=true; on
    any other address they do (create one with `molextract keys create NAME`).
    """
    import uvicorn

    from molextract.api import log_config
    from molextract.api.server import service

    settings = get_settings()
    level = log_level.upper()
    try:
        with service(settings, host=host, worker_log=None) as running:
            mode = (
                f"broker {settings.broker_url.split('@')[-1]}"
                if settings.broker_url
                else "embedded worker, SQLite broker (no Redis needed)"
            )
            keys = "required" if running.require_api_key else "not required (loopback)"
            err.print(
                f"molextract serving on http://{host}:{port} · store {_store(settings.database)}"
                f" · {mode} · API keys {keys} · docs at /docs",
                highlight=False,
            )
            # Uvicorn shuts down gracefully on SIGTERM and then raises the signal again
            # under the handler that was there before it started; with the default
            # one the process would die there, before the worker is stopped.
            signal.signal(signal.SIGTERM, _exit_cleanly)
            uvicorn.run(
                running.app, host=host, port=port, log_config=log_config(level), log_level=None
            )
    except MolextractError as exc:
        fail(str(exc))


def _exit_cleanly(signum: int, frame: object) -> None:
    raise SystemExit(0)


def _store(url: str) -> str:
    """The database URL without its password, for the start-up line."""
    if "@" not in url:
        return url
    scheme, _, rest = url.partition("://")
    return f"{scheme}://…@{rest.split('@', 1)[1]}"


def worker(
    concurrency: Annotated[
        int, typer.Option(min=1, help="Worker processes (each loads its own model).")
    ] = 1,
    pool: Annotated[
        str | None, typer.Option(help="Celery pool: prefork (default) or solo.")
    ] = None,
    log_level: LogLevel = "INFO",
) -> None:
    """Run extraction workers for the broker in MOLEXTRACT_BROKER_URL."""
    from molextract.workers.embedded import run_worker

    settings = get_settings()
    if not settings.broker_url:
        fail(
            "MOLEXTRACT_BROKER_URL is not set: set it to the broker `molextract serve` uses "
            "(e.g. redis://host:6379/0); without a broker, `molextract serve` runs its own worker"
        )
    if pool not in (None, "prefork", "solo"):
        fail(f"--pool must be prefork or solo, not {pool!r}")
    try:
        run_worker(settings, concurrency=concurrency, pool=pool, loglevel=log_level.upper())
    except MolextractError as exc:
        fail(str(exc))


@keys_app.command("create")
def keys_create(
    name: Annotated[str, typer.Argument(help="Who the key is for (shown in logs).")],
) -> None:
    """Create an API key in the configured store and print its secret (shown only once)."""
    from molextract.api.server import open_repository

    try:
        key, secret = open_repository(get_settings()).create_api_key(name)
    except MolextractError as exc:
        fail(str(exc))
    err.print(f"API key {key.id} ({name}) created; its secret is printed once, on stdout:")
    typer.echo(secret)


@keys_app.command("revoke")
def keys_revoke(key_id: Annotated[int, typer.Argument(help="The key's number.")]) -> None:
    """Revoke an API key: requests with it get 401 from now on."""
    from molextract.api.server import open_repository

    if not open_repository(get_settings()).revoke_api_key(key_id):
        fail(f"no API key {key_id}", code=1)
    err.print(f"API key {key_id} revoked")


def submit(
    inputs: Inputs,
    api: Annotated[
        str, typer.Option(envvar="MOLEXTRACT_API_URL", help="The service's base URL.")
    ] = DEFAULT_API,
    schema: SchemaName = "molecular_properties",
    wait: Annotated[
        bool, typer.Option(help="Wait for the jobs to end and write their results.")
    ] = False,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Results JSONL with --wait (default: stdout)."),
    ] = None,
    rejects: Rejects = None,
    resume: Resume = False,
    batch_size: Annotated[int, typer.Option(min=1, help="Documents per job.")] = 500,
    limit: Limit = None,
    poll: Annotated[float, typer.Option(min=0.1, help="Seconds between status polls.")] = 2.0,
) -> None:
    """Send INPUTS to a molextract service as jobs; with --wait, write results like `run`.

    The API key is read from MOLEXTRACT_API_KEY. Each batch carries an Idempotency-Key
    made from its content, so running the same command again after an interruption
    finds the jobs it already created instead of submitting them twice.
    """
    from molextract.runs.remote import schema_argument, submit_inputs, wait_for_jobs, write_results

    if (output is not None or resume) and not wait:
        fail("--output and --resume need --wait: without it, submit only prints the job ids")
    if resume and output is None:
        fail("--resume needs --output: it skips the documents already written there")
    if rejects is None and output is not None:
        rejects = rejects_path(output)
    try:
        check_inputs(inputs)
        schema_ref = schema_argument(schema)
        finished = done_ids(output) if (resume and output is not None) else set()
    except MolextractError as exc:
        fail(str(exc))
    client = ApiClient(api, api_key=os.environ.get("MOLEXTRACT_API_KEY") or None)
    stats = RunStats(resumed=len(finished))
    on_skip = SkipReporter()

    def on_refused(item: RefusedDocument) -> None:
        stats.skipped_inputs += 1
        source = item.document.metadata.get("source", "?")
        stats.file(source).skipped += 1
        err.print(
            f"[yellow]refused by the server[/] {source}: document {item.document.id!r}: "
            f"{item.reason}",
            highlight=False,
        )

    def skipped(item: Skipped) -> None:
        stats.skipped_inputs += 1
        stats.file(item.path).skipped += 1
        on_skip(item)

    total = expected_documents(inputs, done=len(finished), limit=limit)
    with client:
        try:
            client.check()  # fails fast on a wrong URL or key, before reading any input
            with jobs_progress() as progress:
                task = progress.add_task("uploaded", total=total, info="0 jobs")
                submission = submit_inputs(
                    client,
                    inputs,
                    schema_ref,
                    batch_size=batch_size,
                    skip_ids=finished,
                    limit=limit,
                    on_skip=skipped,
                    on_refused=on_refused,
                    on_batch=lambda s: progress.update(
                        task, completed=s.documents, info=f"{len(s.job_ids)} jobs"
                    ),
                )
                progress.update(task, total=submission.documents)
            if not wait:
                for job_id in submission.job_ids:
                    typer.echo(job_id)
                err.print(
                    f"{submission.documents} documents in {len(submission.job_ids)} jobs at "
                    f"{client.base_url}; follow them with GET /v1/jobs/ID",
                    highlight=False,
                )
            else:
                with jobs_progress() as progress:
                    task = progress.add_task(
                        "extracted", total=submission.documents, info="0 records"
                    )
                    wait_for_jobs(
                        client,
                        submission.job_ids,
                        interval=poll,
                        on_poll=lambda p: progress.update(
                            task, completed=p.finished, total=p.total, info=f"{p.records} records"
                        ),
                    )
                with output_sinks(output, rejects, append=resume) as (results_sink, rejects_sink):
                    write_results(client, submission.job_ids, results_sink, rejects_sink, stats)
        except (ApiError, ApiUnreachable) as exc:
            fail(str(exc), code=1)
        except MolextractError as exc:
            fail(str(exc))
    if wait:
        summary(stats, output, rejects, title=f"molextract submit ({api})")
    if submission.documents == 0 and not finished:
        fail("no document could be read from the inputs", code=1)
