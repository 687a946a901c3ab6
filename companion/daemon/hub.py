"""The one owner of game state: a single thread consuming one queue.

Inputs (GPIO callback threads, the serial reader, web requests) never touch state; they post
a callable into the queue and the hub thread runs it. Timers run on the same thread. Outputs
subscribe: each subscriber gets its own mailbox thread, so a slow display never stalls the
core; a coalescing mailbox keeps only the newest message (at most one frame in flight). The
live streams' subscriber is delivered in the web server's event loop instead, the outputs' on
their timeline's thread (`PostedMailbox`).
A subscriber names the topics it handles and is never woken for others; what one hub job
publishes is handed over together when the job ends (`deliver_now` for a result that must be
shown before the job's slow part).
"""

from __future__ import annotations

import heapq
import itertools
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Collection
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:  # asyncio itself is not imported before the first frame (test_first_frame)
    import asyncio

log = logging.getLogger("companion.hub")
Handler = Callable[[str, Any], None]


class Subscriber(Protocol):
    """What the hub hands a job's messages to: `Mailbox` (a thread of its own) or
    `PostedMailbox` (a thread that is already there: the web server's loop, the outputs')."""

    topics: frozenset[str] | None  # None: every topic
    coalesce: bool  # only the newest message per topic matters (it is handed over last)

    def put_many(self, messages: list[tuple[str, Any]]) -> None:
        """Called on the hub thread: deliver these soon, in order, elsewhere."""

    def close(self, timeout: float = 2.0) -> None:
        """The hub stops."""


SubscriberT = TypeVar("SubscriberT", bound=Subscriber)


class HubBusy(TimeoutError):
    """A `Hub.call` waited too long in the queue and was withdrawn: it has not run and never
    will (the caller may safely say "nothing happened, try again")."""


class Mailbox:
    """A subscriber's own thread. With `coalesce`, only the newest message per topic waits
    (a display that falls behind skips to the newest state). With `topics`, only those
    topics are delivered: a subscriber that handles three topics is not woken for the
    others (on a Pi Zero 2 W every thread wake-up per move counts)."""

    def __init__(self, handler: Handler, name: str, coalesce: bool = False,
                 topics: Collection[str] | None = None) -> None:
        self.handler = handler
        self.coalesce = coalesce
        self.topics = frozenset(topics) if topics is not None else None
        self._items: deque[tuple[str, Any]] = deque()
        self._cv = threading.Condition()
        self._stopped = False
        self.thread = threading.Thread(target=self._run, name=f"mailbox-{name}", daemon=True)
        self.thread.start()

    def put(self, topic: str, payload: Any) -> None:
        self.put_many([(topic, payload)])

    def put_many(self, messages: list[tuple[str, Any]]) -> None:
        with self._cv:
            for topic, payload in messages:
                if self.coalesce:
                    for i, (waiting, _) in enumerate(self._items):
                        if waiting == topic:
                            del self._items[i]
                            break
                self._items.append((topic, payload))
            self._cv.notify()

    def pending(self) -> int:
        """Messages still waiting (a display skips drawing a frame that is already stale)."""
        with self._cv:
            return len(self._items)

    def wait_pending(self, timeout: float) -> bool:
        """Wait up to `timeout` for a message to arrive; whether one is waiting."""
        with self._cv:
            if not self._items and not self._stopped:
                self._cv.wait(timeout)
            return bool(self._items)

    def _next(self) -> tuple[str, Any] | None:
        with self._cv:
            while not self._items and not self._stopped:
                self._cv.wait()
            return self._items.popleft() if self._items else None

    def _run(self) -> None:
        while (item := self._next()) is not None:
            try:
                self.handler(*item)
            except Exception:  # an output failing must not kill its mailbox
                log.exception("subscriber %s failed on %s", self.thread.name, item[0])

    def close(self, timeout: float = 2.0) -> None:
        """Deliver what is waiting, then stop."""
        with self._cv:
            self._stopped = True
            self._cv.notify()
        self.thread.join(timeout)


class LoopDoor:
    """Calls handed from any thread to an asyncio loop's thread (the web server's), run there
    in order; one wake-up of the loop for all that come before it gets to them, and calls made
    while it runs them (from the loop itself too) join that run. A hub job hands over what it
    published and the answer to the move that caused it together: one write to the loop's
    wake-up pipe instead of several. (The loop still wakes while the hub finishes its job and
    may wait for the interpreter lock; waking it only when the hub goes idle was measured and
    saved no CPU.)"""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self._calls: deque[tuple[Callable[..., Any], tuple]] = deque()
        self._lock = threading.Lock()
        self._scheduled = False

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        with self._lock:
            self._calls.append((fn, args))
            if self._scheduled:
                return
            self._scheduled = True
        try:
            self.loop.call_soon_threadsafe(self._run)
        except RuntimeError:  # a closed loop: the server stopped, nothing runs any more
            with self._lock:
                self._calls.clear()
                self._scheduled = False

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._calls:
                    self._scheduled = False
                    return
                fn, args = self._calls.popleft()
            try:
                fn(*args)
            except Exception:  # one failing must not stop the others
                log.exception("in the loop: %s failed", getattr(fn, "__qualname__", fn))


class PostedMailbox:
    """A subscriber whose handler runs on a thread that is already there, through the way
    that thread takes calls (`post`): the web server's loop (`LoopDoor.call`) or the
    outputs' timeline (`TableOutputs.post`). For a subscriber whose work ends on such a
    thread anyway, a mailbox thread of its own was one more wake-up and hand-over per move."""

    def __init__(self, handler: Handler, name: str, post: Callable[[Callable[[], None]], None],
                 topics: Collection[str] | None = None) -> None:
        self.handler = handler
        self.name = name
        self.post = post
        self.topics = frozenset(topics) if topics is not None else None
        self.coalesce = False  # every message counts

    def put_many(self, messages: list[tuple[str, Any]]) -> None:
        batch = list(messages)
        self.post(lambda: self._deliver(batch))

    def _deliver(self, messages: list[tuple[str, Any]]) -> None:
        """On the posted-to thread: one change's messages, in order."""
        for topic, payload in messages:
            try:
                self.handler(topic, payload)
            except Exception:  # an output failing must not stop the others
                log.exception("subscriber %s failed on %s", self.name, topic)

    def close(self, timeout: float = 2.0) -> None:
        """Nothing to stop: the thread belongs to its owner."""


class Hub:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._timers: list[tuple[float, int, Callable[[], None]]] = []
        self._seq = itertools.count()
        self._subscribers: list[Subscriber] = []
        self._taps: list[Handler] = []
        self._thread = threading.Thread(target=self._run, name="hub", daemon=True)
        self._running = False
        self._working = False
        self._held: list[tuple[str, Any]] | None = None  # published by the job running now
        self.call_timeout_s = 10.0  # how long `call` waits in the queue unless told

    # --- from any thread -----------------------------------------------------------------
    def post(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run fn(*args) on the hub thread, soon. Never blocks."""
        self._queue.put((fn, args, None))

    def call(self, fn: Callable[..., Any], *args: Any, timeout: float | None = None) -> Any:
        """Run fn(*args) on the hub thread and wait for its result (or its exception).

        If it is still queued after `timeout` (default `call_timeout_s`) it is withdrawn and
        `HubBusy` raised: it will not run. Once it has started it is waited for to the end,
        so what the caller reports is always what happened (a commit is never acknowledged
        as a failure; the web answers a withdrawn call with 503 table_busy)."""
        if threading.current_thread() is self._thread:
            return fn(*args)
        future = self.submit(fn, *args)
        try:
            return future.result(self.call_timeout_s if timeout is None else timeout)
        except FutureTimeout:
            if future.cancel():
                raise HubBusy(f"the hub did not get to {getattr(fn, '__name__', fn)}") \
                    from None
        return future.result()  # running: its outcome, whatever it is

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future:
        """Queue fn(*args) for the hub thread without waiting: its outcome comes in the
        Future (its done-callbacks run on the hub thread, after what the job published has
        been handed to the subscribers). While still queued, `future.cancel()` withdraws it:
        it then never runs."""
        future: Future = Future()
        self._queue.put((fn, args, future))
        return future

    def tap(self, handler: Handler) -> None:
        """Have handler(topic, payload) called on the hub thread at every publish, before
        the mailboxes get it: for state the hub owns that follows what happens (it must be
        quick; it may publish)."""
        self._taps.append(handler)

    def busy(self) -> bool:
        """Whether the hub thread has work now or queued (a display gives way to it)."""
        return self._working or not self._queue.empty()

    def subscribe(self, handler: Handler, name: str, coalesce: bool = False,
                  topics: Collection[str] | None = None) -> Mailbox:
        """handler(topic, payload) on its own thread for every message published (only
        `topics`, if given)."""
        return self.add_subscriber(Mailbox(handler, name, coalesce, topics))

    def subscribe_posted(self, handler: Handler, name: str,
                         post: Callable[[Callable[[], None]], None],
                         topics: Collection[str] | None = None) -> PostedMailbox:
        """handler(topic, payload) on the thread `post` hands calls to (`PostedMailbox`): an
        event loop's (`LoopDoor.call`), the outputs' (`TableOutputs.post`)."""
        return self.add_subscriber(PostedMailbox(handler, name, post, topics))

    def add_subscriber(self, box: SubscriberT) -> SubscriberT:
        """Any `Subscriber`. Each job's messages go to the coalescing subscribers last: the
        display draws the newest state when it gets to it, while the outputs, the phones and
        anyone acting on each message are woken first. Woken first, the display's thread held
        them up: with the display on, a race result reached the others about 140 us later at
        the median, now 50-70 us (`companion bench daemon`)."""
        first_late = next((i for i, b in enumerate(self._subscribers) if b.coalesce),
                          len(self._subscribers))
        self._subscribers.insert(len(self._subscribers) if box.coalesce else first_late, box)
        return box

    def start(self) -> None:
        self._running = True
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        if self._running:
            self._queue.put(None)
            self._thread.join(timeout)
        for box in self._subscribers:
            box.close()

    # --- on the hub thread -------------------------------------------------------------------
    def publish(self, topic: str, payload: Any) -> None:
        """Taps see it at once; the mailboxes get what one hub job published together, when
        it ends (one wake-up per subscriber per change, not one per message)."""
        for tap in self._taps:
            tap(topic, payload)
        if self._held is not None and threading.get_ident() == self._thread.ident:
            self._held.append((topic, payload))
        else:
            self._deliver([(topic, payload)])

    def deliver_now(self) -> None:
        """Hand what the running job has published so far to the subscribers at once: for a
        result the table must show before slow work in the same job (a durable commit)."""
        if self._held and threading.get_ident() == self._thread.ident:
            held, self._held = self._held, []
            self._deliver(held)

    def _deliver(self, messages: list[tuple[str, Any]]) -> None:
        for box in self._subscribers:
            wanted = messages if box.topics is None else \
                [m for m in messages if m[0] in box.topics]
            if wanted:
                box.put_many(wanted)

    def at(self, due: float, fn: Callable[[], None]) -> None:
        """Run fn on the hub thread at time `due` (hub clock)."""
        heapq.heappush(self._timers, (due, next(self._seq), fn))

    def _run(self) -> None:
        while True:
            timeout = None
            if self._timers:
                timeout = max(0.0, self._timers[0][0] - self.clock())
            try:
                item = self._queue.get(timeout=timeout)
            except queue.Empty:
                item = ()
            if item is None:
                self._running = False
                return
            self._working = True
            if item:
                self._dispatch(*item)
            now = self.clock()
            while self._timers and self._timers[0][0] <= now:
                _, _, fn = heapq.heappop(self._timers)
                self._dispatch(fn, (), None)
            self._working = False

    def _dispatch(self, fn: Callable[..., Any], args: tuple, future: Future | None) -> None:
        if future is not None and not future.set_running_or_notify_cancel():
            return  # the caller gave up waiting and withdrew it
        self._held = []
        try:
            result = fn(*args)
        except BaseException as exc:  # reported to the caller, or logged: never kills the hub
            self._release()
            if future is not None:
                future.set_exception(exc)
            else:
                log.exception("hub handler %s failed", getattr(fn, "__name__", fn))
            return
        self._release()  # published before the caller hears back
        if future is not None:
            future.set_result(result)

    def _release(self) -> None:
        held, self._held = self._held, None
        if held:
            self._deliver(held)
