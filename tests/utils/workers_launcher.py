"""Start a real worker for the tests: ``python workers_launcher.py [--inject-engine-outage]``.

It runs :func:`molextract.workers.embedded.run_worker` (the ``celery worker``
command with molextract's app) with settings from ``MOLEXTRACT_*`` variables.
``--inject-engine-outage``
installs the test-only :class:`tests.utils.fake_engines.FaultInjectingEngine` first.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from molextract.config import Settings
from molextract.workers.embedded import run_worker


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pool", default="prefork")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--inject-engine-outage", action="store_true")
    args = parser.parse_args()
    if args.inject_engine_outage:
        from tests.utils import fake_engines

        fake_engines.install_from_environment()
    run_worker(Settings(), concurrency=args.concurrency, pool=args.pool)


if __name__ == "__main__":
    main()
