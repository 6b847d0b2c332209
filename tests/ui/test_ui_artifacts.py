"""test-artifacts/ files that several tests fill (the figures of every table, the words of every
chrome) stay whole when the run's workers write them at the same moment (a CI-like run under
load once read one half-written)."""

from __future__ import annotations

import json
import multiprocessing

from tests.support.client import ARTIFACTS, merge_artifact

NAME = "test-merge-artifact.json"


def _fill(worker: int) -> None:
    for n in range(40):
        merge_artifact(NAME, {f"{worker}-{n}": n})


def test_workers_merging_into_one_artifact_at_once_lose_nothing():
    (ARTIFACTS / NAME).unlink(missing_ok=True)
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_fill, args=(w,)) for w in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    assert [w.exitcode for w in workers] == [0, 0, 0, 0]
    assert len(json.loads((ARTIFACTS / NAME).read_text())) == 160
    (ARTIFACTS / NAME).unlink()
