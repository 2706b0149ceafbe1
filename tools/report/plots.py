"""The cycles/byte against message size plot of one family, as a PNG whose
bytes depend only on the data and the matplotlib version. Both axes are
logarithmic whatever the number of sizes, so plots of different runs read
alike."""

import re

from report.comparison import declared_baseline

# (line style, marker) by the variant's place in the family (ref, opt, ...);
# dotted lines are the baselines'.
VARIANT_STYLES = (("-", "o"), ("--", "s"), ("-.", "^"), ((0, (6, 2, 1, 2, 1, 2)), "D"),
                  ((0, (8, 3)), "v"))


def family_figure(bench, fam, baseline, system):
    """The matplotlib figure of the family's instances and the run's
    baselines (baseline, the ratio baseline, drawn in black)."""
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "ngcc"
    from matplotlib import pyplot as plt
    from matplotlib.ticker import FixedLocator, FuncFormatter, LogLocator, NullLocator

    sizes = bench.sizes()
    fig, ax = plt.subplots(figsize=(9.0, 5.0), dpi=100)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    values = []
    variants = []
    for inst in fam.instances:
        variants += [v for v in bench.variants(inst) if v not in variants]
    for k, inst in enumerate(fam.instances):
        for var in bench.variants(inst):
            pts = [(s, bench.get(inst, var, s)) for s in sizes]
            pts = [(s, m.cpb) for s, m in pts if m and m.ok]
            if not pts:
                continue
            values += [c for _, c in pts]
            style, marker = VARIANT_STYLES[variants.index(var) % len(VARIANT_STYLES)]
            ax.plot([p[0] for p in pts], [p[1] for p in pts],
                    color=colors[k % len(colors)], linestyle=style,
                    marker=marker, markersize=4,
                    linewidth=1.6, label="%s %s" % (inst, var))
    # Baselines in greys, one fixed marker each (same in every family plot).
    # A baseline at a specific XOF width (SHAKE256-1280) is drawn only for the
    # families whose instances campaign.yaml compares with it.
    greys = ("#222222", "#555555", "#808080", "#a8a8a8")
    markers = ("^", "v", "D", "x", "P", "*", "<", ">", "h", "+", "1", "2")
    named = {declared_baseline(bench, i, v) for i in fam.instances
             for v in bench.variants(i)}
    for k, name in enumerate(bench.baselines()):
        inst, _, var = name.rpartition("/")
        if re.fullmatch(r"SHAKE\d+-\d+", inst) and inst not in named \
                and name != baseline:
            continue
        pts = [(s, bench.get(inst, var, s)) for s in sizes]
        pts = [(s, m.cpb) for s, m in pts if m and m.ok]
        if not pts:
            continue
        values += [c for _, c in pts]
        chosen = name == baseline
        ax.plot([p[0] for p in pts], [p[1] for p in pts],
                color="#000000" if chosen else greys[k % len(greys)],
                linestyle=":", marker=markers[k % len(markers)], markersize=4,
                linewidth=2.2 if chosen else 1.1,
                label="%s (%s)" % (inst, "ratio baseline" if chosen else "baseline"))
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_locator(FixedLocator(sizes))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_xticklabels([str(s) for s in sizes])
    ax.set_yscale("log")
    # A narrow range gets every 1..9 × 10^k tick, so it still has labels.
    wide = values and min(values) > 0 and max(values) / min(values) > 20
    ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0) if wide
                                          else tuple(float(i) for i in range(1, 10))))
    ax.yaxis.set_minor_locator(NullLocator())
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: "%g" % v))
    ax.set_xlabel("message size (bytes, log scale)")
    ax.set_ylabel("cycles/byte (log scale)")
    title = "%s %s — cycles/byte (system %s)" % (fam.id, fam.name, system)
    ax.set_title(title)
    ax.grid(True, which="both", linewidth=0.4, alpha=0.5)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8,
                  frameon=False)
    fig.tight_layout()
    return fig, title


def save_png(fig, path, title):
    """Write a figure to the PNG at path and close it."""
    import matplotlib
    from matplotlib import pyplot as plt
    # Fixed metadata: no date; the matplotlib version is recorded because the
    # rendering (fonts, anti-aliasing) is byte-stable only within one version.
    fig.savefig(path, format="png",
                metadata={"Software": None, "Title": title,
                          "Source": "tools/ngcc_report.py, matplotlib %s"
                          % matplotlib.__version__})
    plt.close(fig)


def plot_family(path, bench, fam, baseline, system):
    """Write the family's plot to the PNG at path."""
    fig, title = family_figure(bench, fam, baseline, system)
    save_png(fig, path, title)
