"""pytest plugin: keeps only the tests whose node ids (relative to the
rootdir, as junit's classname::name gives them back: test_cast.py::test_x[p])
are listed, one per line, in the file $NODE_SELECT. Unlike node ids on the
command line, an id that no longer exists is skipped instead of stopping
the whole run: the list comes from another run's junit.
"""

import os


def pytest_collection_modifyitems(session, config, items):
    with open(os.environ["NODE_SELECT"]) as f:
        wanted = {line.strip() for line in f if line.strip()}
    # Relative to the directory pytest runs in, wherever its rootdir is.
    def listed(item):
        return item.nodeid.split("/")[-1] in wanted

    kept = [item for item in items if listed(item)]
    dropped = [item for item in items if not listed(item)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = kept
