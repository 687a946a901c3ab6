"""`companion bench [NAME ...]`: every benchmark of the project, as JSON lines.

Each benchmark is a function yielding result dicts ``{"name", "value", "unit", ...}``. Timing
results carry ``median`` and ``p99``; the JSON goes to stdout (for machines) and a short
table to stderr (for people). Names select by prefix: ``companion bench howruck``.
"""

from __future__ import annotations

import functools
import json
import statistics
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

Result = dict[str, Any]
Benchmark = Callable[[bool], Iterator[Result]]

REGISTRY: dict[str, Benchmark] = {}


def benchmark(name: str) -> Callable[[Benchmark], Benchmark]:
    def register(fn: Benchmark) -> Benchmark:
        REGISTRY[name] = fn
        return fn
    return register


@functools.cache
def compile_package() -> None:
    """Byte-compile our modules before a benchmark starts the daemon as a process, as pip
    compiles them when it installs the companion on a Pi (and as Python caches them on any
    machine after the first start). A development checkout run with PYTHONDONTWRITEBYTECODE
    (this machine's environment sets it) would otherwise compile every module from source at
    every start: 20 ms more to the first frame here, a cost no installed companion pays.
    Once per bench run: the sources do not change while it runs."""
    from pathlib import Path

    package = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=True,
                   stdout=subprocess.DEVNULL)


def percentile(samples: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty sample."""
    ordered = sorted(samples)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def timing(name: str, samples: list[float], unit: str, scale: float = 1.0,
           **extra: Any) -> Result:
    """A result for a list of durations in seconds: value = p99, plus median and mean."""
    scaled = [s * scale for s in samples]
    return {"name": name, "value": round(percentile(scaled, 99), 3), "unit": unit,
            "median": round(statistics.median(scaled), 3),
            "p99": round(percentile(scaled, 99), 3),
            "mean": round(statistics.fmean(scaled), 3), "n": len(scaled), **extra}


def _load_all() -> None:
    from companion.bench import (  # noqa: F401  (importing registers them)
        daemon_bench,
        legal_bench,
        oled_bench,
        oled_game_bench,
        rules_bench,
        serial_bench,
        sessions_bench,
        web_bench,
        web_cpu_bench,
    )


def run(names: Iterable[str], quick: bool, out: IO[str], table: IO[str]) -> int:
    _load_all()
    wanted = list(names)
    chosen = [n for n in REGISTRY if not wanted or any(n.startswith(w) for w in wanted)]
    if not chosen:
        table.write(f"no benchmark matches {wanted}; known: {', '.join(REGISTRY)}\n")
        return 2
    rows = []
    for name in chosen:
        for result in REGISTRY[name](quick):
            out.write(json.dumps(result) + "\n")
            out.flush()
            rows.append(result)
    table.write(f"\n{'benchmark':<44} {'value':>12}  {'unit':<10} {'median':>10}\n")
    for r in rows:
        median = r.get("median", "")
        table.write(f"{r['name']:<44} {r['value']:>12}  {r['unit']:<10} {median!s:>10}\n")
    return 0


def main(names: list[str], quick: bool = False) -> int:
    return run(names, quick, sys.stdout, sys.stderr)
