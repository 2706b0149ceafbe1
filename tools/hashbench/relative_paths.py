"""Rewrites the paths a run recorded inside the repository (its modules,
bench's driver, the campaign file) as paths relative to the repository, in
every text file of a results directory, so that the evidence reads the same
on every machine and tools/ngcc check accepts it. A path outside the
repository is left as it is (check names it).
"""
import os

from hashbench import ROOT

TEXT_SUFFIXES = (".json", ".log", ".txt", ".yaml")


def relativize(directory, root=ROOT):
    """Rewrites root + '/' away in DIR's text files (not below DIR/runs/);
    returns how many files changed."""
    prefix = os.path.abspath(root).rstrip("/") + "/"
    changed = 0
    for parent, dirs, files in os.walk(directory):
        if os.path.samefile(parent, directory) and "runs" in dirs:
            dirs.remove("runs")  # the runs beside a campaign are directories of their own
        for name in files:
            if not name.endswith(TEXT_SUFFIXES):
                continue
            path = os.path.join(parent, name)
            with open(path, encoding="utf-8", errors="surrogateescape") as f:
                text = f.read()
            if prefix not in text:
                continue
            partial = path + ".partial"
            with open(partial, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(text.replace(prefix, ""))
            os.replace(partial, path)
            changed += 1
    return changed
