"""``python -m molextract.workers``: a worker with settings from the environment.

This is what ``serve`` starts as its embedded worker; ``molextract worker`` calls
:func:`~molextract.workers.embedded.run_worker` directly.
"""

from __future__ import annotations

import argparse

from molextract.config import get_settings
from molextract.workers.embedded import run_worker
from molextract.workers.parent import exit_with_parent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m molextract.workers")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--pool", choices=["prefork", "solo"], default=None)
    parser.add_argument("--loglevel", default="INFO")
    parser.add_argument(
        "--exit-with-parent",
        type=int,
        default=None,
        metavar="PID",
        help="stop when process PID (the one that started this worker) is gone",
    )
    args = parser.parse_args(argv)
    if args.exit_with_parent is not None:
        exit_with_parent(args.exit_with_parent)
    run_worker(get_settings(), concurrency=args.concurrency, pool=args.pool, loglevel=args.loglevel)


if __name__ == "__main__":
    main()
