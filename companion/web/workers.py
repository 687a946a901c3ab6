"""The threads that run the app: up to `count`, and the one that finished last takes the next
request.

Why not `concurrent.futures.ThreadPoolExecutor`: its threads take turns (they wait on one
queue, woken in order), so at a table where moves come seconds apart every request ran on a
thread whose stack and caches had gone cold since its last turn. Here the idle threads form
a stack: requests one at a time always run on the same warm thread, and more threads start
only when requests overlap.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

log = logging.getLogger("companion.web")
Job = tuple[Callable[[], Any], Callable[[Any, BaseException | None], None]]


class Workers:
    def __init__(self, count: int, name: str) -> None:
        self.count = count
        self.name = name
        self._lock = threading.Lock()
        self._idle: list[_Worker] = []  # the most recently idle last
        self._waiting: deque[Job] = deque()  # jobs while every thread is busy
        self._threads: list[_Worker] = []
        self._closed = False

    @property
    def closed(self) -> bool:
        return self._closed

    def submit(self, fn: Callable[[], Any], done: Callable[[Any, BaseException | None], None]
               ) -> bool:
        """Run fn() on a worker; then done(result, None) or done(None, exception) there.
        False (nothing runs) once shut down."""
        with self._lock:
            if self._closed:
                return False
            if self._idle:
                self._idle.pop().give((fn, done))
            elif len(self._threads) < self.count:
                worker = _Worker(self, f"{self.name}_{len(self._threads)}", (fn, done))
                self._threads.append(worker)
                worker.thread.start()
            else:
                self._waiting.append((fn, done))
        return True

    def _next(self, worker: _Worker) -> Job | None:
        """A worker done with its job: the next waiting one, or None (it is idle now)."""
        with self._lock:
            if self._waiting and not self._closed:
                return self._waiting.popleft()
            if not self._closed:
                self._idle.append(worker)
            return None

    def shutdown(self) -> None:
        """Idle threads end; busy ones end after their job; waiting jobs are dropped."""
        with self._lock:
            self._closed = True
            self._waiting.clear()
            idle, self._idle = self._idle, []
        for worker in idle:
            worker.give(None)


class _Worker:
    def __init__(self, workers: Workers, name: str, job: Job) -> None:
        self.workers = workers
        self._job: Job | None = job
        self._given = threading.Condition(threading.Lock())
        self._stop = False
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)

    def give(self, job: Job | None) -> None:
        with self._given:
            if job is None:
                self._stop = True
            self._job = job
            self._given.notify()

    def _run(self) -> None:
        job = self._job
        while job is not None:
            fn, done = job
            try:
                result, error = fn(), None
            except BaseException as exc:  # the caller decides what a failure means
                result, error = None, exc
            try:
                done(result, error)
            except Exception:
                log.exception("web server: a request's completion failed")
            with self._given:
                self._job = None  # before it is listed idle: a job given then is kept
            job = self.workers._next(self)
            if job is None and not self.workers.closed:
                with self._given:
                    while self._job is None and not self._stop:
                        self._given.wait()
                    job = self._job
