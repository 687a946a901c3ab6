"""The threads that run the web app (companion/web/workers.py): one request at a time runs on
the same (warm) thread; overlapping ones get more threads, up to the limit, and the rest
wait their turn; a failure reaches the completion; after shut-down nothing runs."""

from __future__ import annotations

import threading

import pytest

from companion.web.workers import Workers


@pytest.fixture
def workers():
    pool = Workers(3, "test")
    yield pool
    pool.shutdown()


def run(pool: Workers, fn) -> tuple:
    """Submit fn and wait for its completion: (result, error, the thread it ran on)."""
    finished = threading.Event()
    out: list = []

    def done(result, error) -> None:
        out[:] = [result, error, threading.current_thread().name]
        finished.set()
    assert pool.submit(fn, done)
    assert finished.wait(5)
    return tuple(out)


def test_requests_one_at_a_time_run_on_the_thread_that_finished_last(workers):
    release = threading.Event()
    finished = threading.Semaphore(0)
    for _ in range(3):  # three at once: three threads
        workers.submit(lambda: release.wait(5), lambda r, e: finished.release())
    release.set()
    for _ in range(3):
        assert finished.acquire(timeout=5)
    names = {run(workers, lambda: None)[2] for _ in range(8)}
    assert len(names) == 1  # not taking turns


def test_no_more_threads_than_allowed_and_the_rest_wait_their_turn(workers):
    release = threading.Event()
    running: set[str] = set()
    results: list[int] = []
    all_done = threading.Semaphore(0)

    def job(n: int):
        running.add(threading.current_thread().name)
        release.wait(5)
        return n

    for n in range(7):
        workers.submit(lambda n=n: job(n), lambda r, e: (results.append(r),
                                                          all_done.release()))
    release.set()
    for _ in range(7):
        assert all_done.acquire(timeout=5)
    assert sorted(results) == list(range(7)) and len(running) == 3


def test_a_failure_reaches_the_completion(workers):
    result, error, _ = run(workers, lambda: 1 / 0)
    assert result is None and isinstance(error, ZeroDivisionError)
    assert run(workers, lambda: 42)[:2] == (42, None)  # the thread goes on


def test_after_shut_down_nothing_runs(workers):
    run(workers, lambda: None)
    workers.shutdown()
    ran: list[int] = []
    assert workers.submit(lambda: ran.append(1), lambda r, e: None) is False
    assert ran == []


def test_a_thread_busy_at_shut_down_ends_after_its_job(workers):
    release, started = threading.Event(), threading.Event()
    workers.submit(lambda: (started.set(), release.wait(5)), lambda r, e: None)
    assert started.wait(5)
    workers.shutdown()
    release.set()
    thread = next(t for t in threading.enumerate() if t.name == "test_0")
    thread.join(5)
    assert not thread.is_alive()
