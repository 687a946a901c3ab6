"""The tests' loopback ports: the ones `companion bench` takes too (companion/bench/ports.py),
outside the kernel's ephemeral range and reserved per process, so a test run and a bench
beside it never share one. Here so a test says `from ports import free_port`."""

from __future__ import annotations

from companion.bench.ports import ephemeral_range, free_port

__all__ = ["ephemeral_range", "free_port"]
