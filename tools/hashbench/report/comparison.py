"""The relative figures: which same-run baseline each measurement is
compared with, on which figure, and the ratio with its 95 % interval over
the repetitions (stats.py)."""

from hashbench.report.formats import fmt_ratio, fmt_ratio_interval
from hashbench.report.inputs import ReportError, ctx_text
from hashbench.report.model import Code, cell, inline, plain
from hashbench.report.stats import LEVEL, ratio_interval

CAMPAIGN = "campaign"     # each instance against its declared baseline
ICCS = "pseudoXOF"        # each instance against pseudoXOF of its width, as published
NONE = "none"             # no relative figures
DEFAULT = "SHA-512/openssl"
# The published summary divides by the ICCS helper pseudoXOF with the same
# output width and message length (docs/iccs-helpers.md); its modules are
# pseudoXOF-<bits>/iccs.
ICCS_VARIANT = "iccs"


def iccs_baseline(bits):
    return "pseudoXOF-%d/%s" % (bits, ICCS_VARIANT)


class Comparison:
    """The baseline of one set of reports, or the reason there is none."""

    def __init__(self, bench, requested=None):
        """requested: None (the default: pseudoXOF of each instance's width
        where the run measured it, as published, else SHA-512/openssl where
        it has it), 'none', 'pseudoXOF', 'campaign' or '<Name>/<variant>'
        (an error when not measured: a misspelt name must not silently drop
        the figures)."""
        self.bench = bench
        self.baseline = None
        self.reason = ()  # the runs saying why there is no baseline
        measured = bench.baselines()
        has_iccs = any(n.endswith("/" + ICCS_VARIANT) and n.startswith("pseudoXOF-") for n in measured)
        if requested == NONE:
            self.reason = inline("no baseline was chosen (", Code("--baseline none"), ")")
        elif requested == ICCS:
            if not has_iccs:
                raise ReportError("%s: benchmarks: baseline %r: this run measured no pseudoXOF-<bits>/%s"
                                  % (bench.path, ICCS, ICCS_VARIANT))
            self.baseline = ICCS
        elif requested is None and has_iccs:
            self.baseline = ICCS
        elif requested is None:
            if DEFAULT in measured:
                self.baseline = DEFAULT
            else:
                self.reason = inline("baseline ", Code(DEFAULT), " was not measured in this run",
                                     "" if measured else " (it measured no baseline)")
        elif requested == CAMPAIGN:
            if measured:
                self.baseline = CAMPAIGN
            else:
                self.reason = inline("this run measured no baseline")
        elif requested in measured:
            self.baseline = requested
        else:
            raise ReportError("%s: benchmarks: baseline %r not measured in this run "
                              "(choose one of: %s)"
                              % (bench.path, requested,
                                 ", ".join(measured + [ICCS, CAMPAIGN, NONE])))
        # TSC-based cycles include time the thread was descheduled; then the
        # ratios use the CPU-time figures when every row has them.
        timed = [m for m in bench.measurements.values() if m.ok]
        self.cpu_basis = (ctx_text(bench.context, "cycle_source") == "tsc"
                          and bool(timed)
                          and all(m.per_rep("cpu") is not None for m in timed))
        self.figure = "cpu" if self.cpu_basis else "cycles"
        self._ratios = {}

    @property
    def active(self):
        return self.baseline is not None

    @property
    def per_instance(self):
        return self.baseline in (CAMPAIGN, ICCS)

    def basis(self, m):
        """cycles/byte the comparisons (and the summary ranking) use."""
        return m.cpu_cpb if self.cpu_basis else m.cpb

    def basis_words(self):
        return "cycles/byte (CPU time)" if self.cpu_basis else "cycles/byte"

    def baseline_words(self):
        if self.baseline == ICCS:
            return inline("the ICCS helper ", Code("pseudoXOF"), " of the instance's output width (",
                          Code("pseudoXOF-<bits>/" + ICCS_VARIANT), ", as the published "
                          "summary divides; docs/iccs-helpers.md)")
        if self.per_instance:
            return inline("the baseline each instance declares")
        return inline(Code(self.baseline))

    def short_words(self):
        """The baseline in a column header: 'pseudoXOF', 'SHA-512/openssl'."""
        return ICCS if self.baseline == ICCS else plain(self.baseline_words())

    def provenance(self):
        """What computes the baseline, for the sentence that names it."""
        if self.baseline == ICCS:
            return "clean-room on OpenSSL's SM3 and HMAC"
        return "OpenSSL EVP"

    def column(self, best=False):
        """Header of a relative column."""
        what = "best call" if best else self.basis_words()
        if self.baseline == ICCS:
            return "%s vs pseudoXOF" % what
        if self.per_instance:
            return "%s vs its baseline" % what
        return "%s vs %s" % (what, self.baseline.rpartition("/")[0])

    def baseline_of(self, m):
        """'<Name>/<variant>' of the baseline m is compared with, or None."""
        if not self.active:
            return None
        if not self.per_instance:
            return self.baseline
        b = self.bench
        if b.is_baseline(m.instance, m.variant):
            return None
        if self.baseline == ICCS:
            bits = b.module(m.instance, m.variant).get("digest_bits")
            name = iccs_baseline(bits) if isinstance(bits, int) else None
            return name if name in b.baselines() else None
        name = declared_baseline(b, m.instance, m.variant)
        return next((n for n in b.baselines() if n.rpartition("/")[0] == name), None)

    def baseline_measurement(self, m):
        """The baseline's Measurement at m's size, or None."""
        name = self.baseline_of(m)
        if name is None:
            return None
        inst, _, var = name.rpartition("/")
        return self.bench.get(inst, var, m.bytes)

    def ratio(self, m, best=False):
        """(point, low, high) or None; low, high None with one repetition."""
        key = (m.instance, m.variant, m.bytes, best)
        if key not in self._ratios:
            self._ratios[key] = self._ratio(m, best)
        return self._ratios[key]

    def _ratio(self, m, best):
        base = self.baseline_measurement(m)
        if base is None:
            return None
        figure = "best" if best else self.figure
        values, ref = m.per_rep(figure), base.per_rep(figure)
        if not values or not ref or not all(v > 0 for v in ref):
            return None
        return ratio_interval(values, ref)

    def cell(self, m, best=False):
        """The ratio's table cell, sorted by its point value."""
        r = self.ratio(m, best)
        if r is None:
            return cell("–", value=None)
        point, low, high = r
        if low is None:
            return cell("%s (no interval: 1 repetition)" % fmt_ratio(point), value=point)
        return cell(fmt_ratio_interval(point, low, high), value=point)

    def explanation(self):
        """What the relative figures are, for the tables that show them."""
        return inline(
            "Relative = median over the repetitions of the %s ÷ the same median of " % self.basis_words(),
            self.baseline_words(),
            " at the same size in the same run (below 1 is faster), with its %d %% bootstrap interval "
            "over the repetitions (docs/reports.md); with one repetition on either side no interval "
            "is possible" % LEVEL,
            "; CPU-time figures because the cycles come from the TSC and include time the thread "
            "was descheduled" if self.cpu_basis else "",
            ".")

    def absent(self):
        return inline("No relative figures: ", self.reason, ".")


def declared_baseline(bench, instance, variant):
    """The baseline name an instance is compared with: the module's
    `baseline` or `compare_with`, else the family declaration's."""
    mod = bench.module(instance, variant)
    for key in ("baseline", "compare_with"):
        if isinstance(mod.get(key), str) and mod[key]:
            return mod[key]
    for fam in bench.families or []:
        for inst in fam["instances"]:
            if inst["name"] == instance and inst.get("baseline"):
                return inst["baseline"]
    return None
