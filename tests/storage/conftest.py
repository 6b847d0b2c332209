"""The storage tests' fixtures: each kind of store in turn."""

import pytest

from tests.support.stores import STORE_KINDS, make_store


@pytest.fixture(params=STORE_KINDS)
def each_store(request, tmp_path):
    """Each kind of store in turn (the test runs once per kind)."""
    return make_store(request.param, tmp_path)
