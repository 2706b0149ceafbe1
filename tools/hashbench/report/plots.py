"""A model Figure (model.py) drawn with matplotlib, as a PNG (the committed
reports) or an SVG (the site) whose bytes depend only on the data and the
matplotlib version. Both axes of a line chart are logarithmic whatever the
number of sizes, so plots of different runs read alike."""

from hashbench.report.model import BarChart, LineChart

# (line style, marker) by the variant's place in the family (ref, opt, ...);
# dotted lines are the baselines'.
VARIANT_STYLES = (("-", "o"), ("--", "s"), ("-.", "^"), ((0, (6, 2, 1, 2, 1, 2)), "D"),
                  ((0, (8, 3)), "v"))
# Baselines in greys, one fixed marker each (same in every family plot); the
# ratio baseline in black.
BASELINE_GREYS = ("#222222", "#555555", "#808080", "#a8a8a8")
BASELINE_MARKERS = ("^", "v", "D", "x", "P", "*", "<", ">", "h", "+", "1", "2")
BAR_COLOURS = {"library": "#1f77b4", "baseline": "#555555"}


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    # SVG element ids are random unless salted.
    matplotlib.rcParams["svg.hashsalt"] = "ngcc"
    from matplotlib import pyplot as plt
    return plt


def _line_chart(plt, figure):
    from matplotlib.ticker import FixedLocator, FuncFormatter, LogLocator, NullLocator

    chart = figure.chart
    fig, ax = plt.subplots(figsize=(9.0, 5.0), dpi=100)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    values = []
    for s in chart.series:
        values += [y for _x, y in s.points]
        xs, ys = [p[0] for p in s.points], [p[1] for p in s.points]
        if s.role == "instance":
            style, marker = VARIANT_STYLES[s.style % len(VARIANT_STYLES)]
            ax.plot(xs, ys, color=colors[s.colour % len(colors)], linestyle=style,
                    marker=marker, markersize=4, linewidth=1.6, label=s.label)
        else:
            chosen = s.role == "ratio baseline"
            ax.plot(xs, ys, color="#000000" if chosen else BASELINE_GREYS[s.colour % len(BASELINE_GREYS)],
                    linestyle=":", marker=BASELINE_MARKERS[s.style % len(BASELINE_MARKERS)], markersize=4,
                    linewidth=2.2 if chosen else 1.1, label=s.label)
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_locator(FixedLocator(chart.x_ticks))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_xticklabels([str(s) for s in chart.x_ticks])
    ax.set_yscale("log")
    # A narrow range gets every 1..9 × 10^k tick, so it still has labels.
    wide = values and min(values) > 0 and max(values) / min(values) > 20
    ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0) if wide
                                          else tuple(float(i) for i in range(1, 10))))
    ax.yaxis.set_minor_locator(NullLocator())
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: "%g" % v))
    ax.set_xlabel(chart.x_label)
    ax.set_ylabel(chart.y_label)
    ax.set_title(figure.title)
    ax.grid(True, which="both", linewidth=0.4, alpha=0.5)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8,
                  frameon=False)
    fig.tight_layout()
    return fig


def _bar_chart(plt, figure):
    bars = figure.chart.bars
    fig, ax = plt.subplots(figsize=(9.0, max(2.5, 0.22 * len(bars) + 1.2)), dpi=100)
    ax.barh(range(len(bars)), [bar.value for bar in bars], color=[BAR_COLOURS[bar.role] for bar in bars])
    ax.set_yticks(range(len(bars)))
    ax.set_yticklabels([bar.label for bar in bars], fontsize=7)
    ax.set_xscale("log")
    ax.set_xlabel(figure.chart.x_label)
    ax.set_title(figure.title)
    ax.grid(True, axis="x", which="both", linewidth=0.4, alpha=0.5)
    fig.tight_layout()
    return fig


def draw(figure):
    """The matplotlib figure of a model Figure (the caller closes it)."""
    plt = _pyplot()
    if isinstance(figure.chart, LineChart):
        return _line_chart(plt, figure)
    if isinstance(figure.chart, BarChart):
        return _bar_chart(plt, figure)
    raise TypeError("not a chart: %r" % (figure.chart,))


def save(figure, path, fmt):
    """Draw figure into the file at path as fmt ('png' or 'svg')."""
    import matplotlib
    from matplotlib import pyplot as plt
    fig = draw(figure)
    # Fixed metadata: no date; the matplotlib version is recorded because the
    # rendering (fonts, anti-aliasing) is byte-stable only within one version.
    source = "tools/ngcc report, matplotlib %s" % matplotlib.__version__
    if fmt == "png":
        metadata = {"Software": None, "Title": figure.title, "Source": source}
    else:
        metadata = {"Date": None, "Creator": None, "Title": figure.title, "Description": source}
    fig.savefig(path, format=fmt, metadata=metadata)
    plt.close(fig)
