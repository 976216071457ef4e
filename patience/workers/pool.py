"""What every solver pool of the server shares: worker processes, and one rule for "busy".

Worker processes are started fresh (``spawn``: the server's threads are not
copied), at a lower CPU priority than the server (moves and pages never wait
for a search), ignore Ctrl+C (the server stops them) and exit when the
server is gone, even after ``kill -9``.

"Busy" means one thing everywhere: a pool has ``workers`` places that run
and ``queue`` places that wait; a job that finds every place taken is not
queued but refused at once with :class:`WorkersBusyError`, and its caller
answers without the solver (a hint with the heuristic, a review with 503).
The dot's searches keep their own queue (see
:mod:`patience.workers.scheduler`): a refused search stays owed.

>>> slots = Slots(workers=1, queue=1)
>>> slots.take(), slots.take()
(True, True)
>>> slots.take()
False
>>> slots.release(); slots.take()
True
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing.context import SpawnContext
from typing import Final, ParamSpec, Protocol, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

#: How much lower than the server's the solver processes' CPU priority is (``nice``).
SOLVER_NICENESS: Final = 10
#: How often a worker looks whether the server is still there (seconds).
PARENT_CHECK_SECONDS: Final = 0.5
#: A game's background work (the dot's search, its odds) stops when no page asked about it for this
#: long (seconds; a page asks every few seconds while it shows the game).
POLL_TIMEOUT: Final = 20.0


class WorkersBusyError(RuntimeError):
    """Every place of a pool, running and waiting, is taken: answer without the solver."""


class Slots:
    """The places of one pool: ``workers`` running plus ``queue`` waiting; thread-safe."""

    def __init__(self, workers: int, queue: int) -> None:
        self.limit = workers + queue
        self._taken = 0
        self._lock = threading.Lock()

    def take(self) -> bool:
        """Take a place; False when every place is taken (the pool is busy)."""
        with self._lock:
            if self._taken >= self.limit:
                return False
            self._taken += 1
            return True

    def release(self) -> None:
        """Give a place back."""
        with self._lock:
            self._taken -= 1


class Channel(Protocol):
    """Where a worker's jobs tell how they are getting on: a queue of :func:`context`."""

    def put(self, message: object, /) -> None:
        """Send ``message`` to the server."""


#: In a worker: the queue its jobs tell their progress on (the pool's ``progress``), if any.
_channel: list[Channel] = []


def worker_setup(server_pid: int, progress: Channel | None = None) -> None:
    """In a worker: leave Ctrl+C to the server, yield the CPU to it, and exit when it is gone."""
    _channel[:] = [] if progress is None else [progress]
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.nice(SOLVER_NICENESS)

    def watch() -> None:
        while os.getppid() == server_pid:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="watch-server", daemon=True).start()


def context() -> SpawnContext:
    """How worker processes start: ``spawn``, so the server's threads are not copied."""
    return multiprocessing.get_context("spawn")


def process_pool(workers: int, progress: Channel | None = None) -> ProcessPoolExecutor:
    """Warm worker processes (started on their first job); their jobs may :func:`report` on ``progress``.

    ``progress`` is a queue of :func:`context` (handed to each worker as it starts).
    """
    return ProcessPoolExecutor(max_workers=workers, mp_context=context(),
                               initializer=worker_setup, initargs=(os.getpid(), progress))


class WorkerPool:
    """Worker processes started on first use, and the one rule for a broken or stuck pool; thread-safe.

    A pool whose worker died (:class:`~concurrent.futures.BrokenExecutor`) or did not answer in time is
    :meth:`discard`-ed: its processes are stopped and the next job starts fresh ones. A submit that finds
    the pool broken tries once more on a fresh one. ``make`` builds the executor (tests pass a thread
    pool or a fake).

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> pool = WorkerPool(lambda: ThreadPoolExecutor(1))
    >>> pool.submit(pow, 2, 5).result(), pool.started
    (32, True)
    >>> pool.shutdown(); pool.started
    False
    """

    def __init__(self, make: Callable[[], Executor]) -> None:
        self._make = make
        self._lock = threading.Lock()
        self._executor: Executor | None = None

    @property
    def started(self) -> bool:
        """Whether its worker processes are running (or starting)."""
        with self._lock:
            return self._executor is not None

    def _current(self) -> Executor:
        with self._lock:
            if self._executor is None:
                self._executor = self._make()
            return self._executor

    def submit(self, job: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> Future[R]:
        """Run ``job(*args)`` in a worker, starting the workers (again) when needed."""
        try:
            return self._current().submit(job, *args, **kwargs)
        except BrokenExecutor:
            self.discard()
            return self._current().submit(job, *args, **kwargs)

    def failed(self, error: BaseException | None) -> None:
        """A job's error: a broken pool is discarded (the next job starts fresh workers)."""
        if isinstance(error, BrokenExecutor):
            self.discard()

    def discard(self, *, wait: bool = False) -> None:
        """Stop the worker processes, dropping the jobs waiting; the next job starts fresh ones."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=wait, cancel_futures=True)

    def shutdown(self, *, wait: bool = False) -> None:
        """Stop the worker processes (the next job would start them again)."""
        self.discard(wait=wait)


class Lane:
    """One thread of the server running jobs one at a time, in turn, with ``queue`` more waiting; thread-safe.

    A job submitted when the one running and ``queue`` waiting are taken is refused at once with
    :class:`WorkersBusyError` (the busy rule of :class:`Slots`); its place is given back when it ends
    or is cancelled before it started. The thread starts on first use, again after :meth:`shutdown`.

    >>> lane = Lane("doctest", queue=0)
    >>> lane.submit(pow, 2, 3).result()
    8
    >>> lane.shutdown()
    """

    def __init__(self, name: str, queue: int) -> None:
        self.name = name
        self._places = Slots(workers=1, queue=queue)
        self._lock = threading.Lock()
        self._thread: ThreadPoolExecutor | None = None

    def submit(self, job: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> Future[R]:
        """Run ``job(*args)`` in the lane's thread after the jobs before it."""
        if not self._places.take():
            raise WorkersBusyError
        try:
            with self._lock:
                if self._thread is None:
                    self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self.name)
                future = self._thread.submit(job, *args, **kwargs)
        except BaseException:
            self._places.release()
            raise
        future.add_done_callback(lambda _done: self._places.release())
        return future

    def shutdown(self) -> None:
        """Stop the thread after the running job; the waiting ones are cancelled."""
        with self._lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            thread.shutdown(wait=False, cancel_futures=True)


def report(message: object) -> None:
    """In a worker: tell the server how a job is getting on (nothing when its pool has no queue)."""
    for queue in _channel:
        with contextlib.suppress(Exception):  # progress is a courtesy: never fail the job for it
            queue.put(message)
