"""pytest plugin for TileGym's tests/ops on a device call of a few minutes.

TileGym's CI runs `pytest tests/ops -k test_op` over every backend, about
7,000 s of tests by its own durations (.github/.test_durations). Here only
the cuTile backend matters, and only what fits the call: this keeps the
test_op* tests whose parameters name the backend "cutile" and runs them
cheapest first by those durations (tests the file does not know run last),
so that a run stopped by --session-timeout has covered the most kernels.
The order is deterministic, as pytest-xdist requires of its workers.
"""

import json
import os


def _is_cutile_op(item):
    params = getattr(getattr(item, "callspec", None), "params", {})
    name = getattr(item, "originalname", item.name)
    return name.startswith("test_op") and "cutile" in [
        value for value in params.values() if isinstance(value, str)]


def pytest_collection_modifyitems(session, config, items):
    path = os.path.join(str(config.rootpath), ".github", ".test_durations")
    with open(path) as f:
        durations = json.load(f)
    kept = [item for item in items if _is_cutile_op(item)]
    dropped = [item for item in items if not _is_cutile_op(item)]
    kept.sort(key=lambda item: (durations.get(item.nodeid, float("inf")),
                                item.nodeid))
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = kept
