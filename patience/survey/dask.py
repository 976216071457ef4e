"""The Dask backend: solve a survey's deals on an existing Dask distributed cluster.

The only module that imports Dask, so the base install does not need it.
Start a cluster in any way that gives a scheduler address, e.g.::

    dask scheduler                        # prints tcp://HOST:8786
    dask worker tcp://HOST:8786           # on each machine, after pip install 'patience[cluster]'

then ``patience survey GAME --deals A-B --scheduler tcp://HOST:8786``.

The deals go out in batches (:func:`~patience.survey.jobs.batch_size`), one
Dask task each, so the scheduler handles a few tasks rather than one per deal.
Each batch's rows come back (and are written) as soon as the batch is done.
When a worker is lost, the scheduler gives its unfinished batches to the
other workers; the batches already returned are kept.
"""

from __future__ import annotations

import uuid
from collections.abc import Generator, Sequence
from types import TracebackType

from distributed import Client, as_completed
from distributed.comm import get_address_host_port

from patience.errors import PatienceError
from patience.i18n import _
from patience.survey.jobs import Job, batch_size, batches, job_seconds, solve_batch
from patience.survey.results import Row


class DaskBackend:
    """Batches of deals as tasks on the cluster behind ``client``.

    ``batch`` fixes the number of deals per task; by default it follows the
    cluster's thread count and the budget per deal.
    """

    def __init__(self, client: Client, *, batch: int | None = None) -> None:
        _check_batch(batch)
        self.client = client
        self.batch = batch

    @classmethod
    def connect(cls, address: str, *, batch: int | None = None, timeout: float | None = None) -> DaskBackend:
        """Connect to the scheduler at ``address``; a one-line error when it cannot be reached.

        ``timeout`` (seconds) defaults to Dask's ``distributed.comm.timeouts.connect``.
        """
        _check_batch(batch)
        try:
            get_address_host_port(address)  # a malformed address fails here, before a Client exists
            if timeout is None:
                client = Client(address, set_as_default=False)
            else:
                client = Client(address, timeout=timeout, set_as_default=False)
        except (OSError, ValueError, TypeError) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise PatienceError(_("cannot reach the Dask scheduler at {address}: {reason}").format(
                address=address, reason=reason)) from None
        return cls(client, batch=batch)

    def threads(self) -> int:
        """Worker threads in the cluster now."""
        return sum(self.client.nthreads().values())

    def batch_for(self, jobs: Sequence[Job]) -> int:
        """Deals per task for these jobs."""
        if self.batch is not None:
            return self.batch
        return batch_size(len(jobs), self.threads(), job_seconds(jobs[0]) if jobs else None)

    def solve(self, jobs: Sequence[Job]) -> Generator[Row, None, None]:
        """Submit the batches, yield each batch's rows as it finishes; closing cancels the rest."""
        if not jobs:
            return
        token = uuid.uuid4().hex[:8]
        futures = [
            self.client.submit(solve_batch, batch, pure=False,
                               key=f"patience-survey-{batch[0][0]}-{batch[0][1]}-{batch[-1][1]}-{token}")
            for batch in batches(jobs, self.batch_for(jobs))
        ]
        pending = set(futures)
        try:
            for future in as_completed(futures, loop=self.client.loop):
                try:
                    rows: list[Row] = future.result()
                except Exception as exc:
                    raise PatienceError(_("a batch of deals failed on the cluster ({reason}); the rows "
                                          "already written are kept, run again to resume").format(
                        reason=f"{type(exc).__name__}: {exc}".splitlines()[0])) from None
                pending.discard(future)
                future.release()
                yield from rows
        finally:
            if pending:
                self.client.cancel(list(pending))

    def close(self) -> None:
        """Close the connection to the scheduler (the cluster keeps running)."""
        self.client.close()

    def __enter__(self) -> DaskBackend:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()


def _check_batch(batch: int | None) -> None:
    if batch is not None and batch < 1:
        raise PatienceError(_("--batch must be at least 1"))
