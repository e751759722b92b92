"""A Celery worker whose engine replays recorded generations (benchmarks only).

Started by ``bench_service.py`` with the service's ``MOLEXTRACT_*`` environment, so
the service's own path (broker, claims, pipeline, RDKit, store) is timed without the
model's cost. ``tasks.engine_factory`` is the hook the worker tests use too.

.venv/bin/python bench/replay_worker.py [CONCURRENCY]
"""

from __future__ import annotations

import sys

from molextract.config import get_settings
from molextract.workers import tasks
from molextract.workers.embedded import run_worker
from replay import ReplayEngine


def main() -> None:
    concurrency = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    tasks.engine_factory = lambda settings: ReplayEngine()
    run_worker(get_settings(), concurrency=concurrency, loglevel="WARNING")


if __name__ == "__main__":
    main()
