"""Surveys: solve a range of numbered deals and summarize the win rate, locally or on a Dask cluster.

One runner (:mod:`patience.survey.runner`) and two backends: local
processes (:mod:`patience.survey.local`) and a Dask distributed cluster
(:mod:`patience.survey.dask`, imported only when asked for, so the base
install does not need Dask). :mod:`patience.survey.files` reads results files
(bounded and checked), :mod:`patience.survey.results` summarizes them;
:mod:`patience.survey.jobs` is the work itself.

>>> from pathlib import Path
>>> import tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     summary = survey("hamilton", parse_range("454"), Path(tmp) / "s.jsonl", max_nodes=2000)
>>> summary.deals, summary.lost
(1, 1)
"""

from __future__ import annotations

from patience.survey.files import (
    MAX_RESULTS_BYTES,
    MAX_ROW_BYTES,
    ResultsFile,
    ResultsFileError,
    main_summary,
    merge_rows,
    read_results,
    read_rows,
    repair_torn_line,
)
from patience.survey.jobs import Job, batch_size, batches, solve_batch, solve_deal
from patience.survey.local import LocalBackend
from patience.survey.results import (
    DECIDED,
    FAIR,
    FAIR_PLAN,
    FAIR_POLICIES,
    POLICIES,
    THOUGHTFUL,
    UNKNOWN,
    Z95,
    Row,
    Summary,
    parse_range,
    policy_of,
    quantile,
    summarize,
    wilson,
)
from patience.survey.runner import Backend, dask_backend, survey

__all__ = ["DECIDED", "FAIR", "FAIR_PLAN", "FAIR_POLICIES", "MAX_RESULTS_BYTES", "MAX_ROW_BYTES", "POLICIES",
           "THOUGHTFUL", "UNKNOWN", "Z95", "Backend", "Job", "LocalBackend", "ResultsFile",
           "ResultsFileError", "Row", "Summary", "batch_size", "batches", "dask_backend", "main_summary",
           "merge_rows", "parse_range", "policy_of", "quantile", "read_results", "read_rows",
           "repair_torn_line", "solve_batch", "solve_deal", "summarize", "survey", "wilson"]
