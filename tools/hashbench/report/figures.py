"""The data of a family's plot: cycles/byte against message size of its
instances and of the run's baselines, as a model Figure (plots.py draws it)."""

import re

from hashbench.report.comparison import declared_baseline
from hashbench.report.model import Figure, LineChart, Series


def _points(bench, inst, var, sizes):
    pts = [(s, bench.get(inst, var, s)) for s in sizes]
    return tuple((s, m.cpb) for s, m in pts if m and m.ok)


def family_figure(bench, fam, baseline, system, name):
    """The Figure named name of the family's instances (a colour each, a
    line style per variant) and the run's baselines (baseline, the ratio
    baseline, stands out)."""
    sizes = bench.sizes()
    series = []
    variants = []
    for inst in fam.instances:
        variants += [v for v in bench.variants(inst) if v not in variants]
    for k, inst in enumerate(fam.instances):
        for var in bench.variants(inst):
            pts = _points(bench, inst, var, sizes)
            if pts:
                series.append(Series("%s %s" % (inst, var), pts, "instance", k, variants.index(var)))
    # A baseline at a specific XOF width (SHAKE256-1280) is drawn only for the
    # families whose instances campaign.yaml compares with it.
    named = {declared_baseline(bench, i, v) for i in fam.instances
             for v in bench.variants(i)}
    for k, full in enumerate(bench.baselines()):
        inst, _, var = full.rpartition("/")
        if re.fullmatch(r"SHAKE\d+-\d+", inst) and inst not in named \
                and full != baseline:
            continue
        pts = _points(bench, inst, var, sizes)
        if not pts:
            continue
        chosen = full == baseline
        series.append(Series("%s (%s)" % (inst, "ratio baseline" if chosen else "baseline"), pts,
                             "ratio baseline" if chosen else "baseline", k, k))
    title = "%s %s — cycles/byte (system %s)" % (fam.id, fam.name, system)
    return Figure(name, "cycles/byte against message size", title,
                  LineChart("message size (bytes, log scale)", "cycles/byte (log scale)",
                            tuple(sizes), tuple(series)))
