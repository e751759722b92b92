"""Peak memory of ``molextract run`` over 1k and 100k documents (replayed engine outputs).

    .venv/bin/python bench/bench_memory.py [--sizes 1000 100000]

Each size runs the real CLI in a fresh process; its peak RSS comes from ``wait4``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from synth import write_jsonl

HERE = Path(__file__).parent


def peak_rss_mb(command: list[str]) -> tuple[float, float]:
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{command} failed with {status}")
    return usage.ru_maxrss / 1024, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 100_000])
    args = parser.parse_args()
    print(f"{'documents':>10} {'peak RSS MB':>12} {'seconds':>9} {'docs/s':>8}")
    for size in args.sizes:
        with tempfile.TemporaryDirectory() as tmp:
            source = write_jsonl(Path(tmp) / "docs.jsonl", size)
            out = Path(tmp) / "out.jsonl"
            command = [sys.executable, str(HERE / "replay_cli.py"), "run", str(source),
                       "-s", "molecular_properties", "-o", str(out), "--batch-size", "16"]  # fmt: skip
            rss, seconds = peak_rss_mb(command)
            with out.open("rb") as handle:
                lines = sum(1 for _ in handle)
            assert lines == size, f"{lines} lines written for {size} documents"
        print(f"{size:>10} {rss:>12.1f} {seconds:>9.1f} {size / seconds:>8.1f}")


if __name__ == "__main__":
    main()
