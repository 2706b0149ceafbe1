"""The number formats of the published x86 reports (the pages under ngcc-harness performance/x86_1/)."""


def fmt_int(x):
    """4276 -> '4276'."""
    return "%d" % int(round(x))


def fmt_cycles(x):
    """Mean cycles: 4276 -> '4276', 21000 -> '21.0 k', 2130000 -> '2.13 M'."""
    if round(x) < 10000:
        return "%d" % int(round(x))
    k = round(x / 1e3, 1)
    if k < 1000:
        return "%.1f k" % k
    return "%.2f M" % (x / 1e6)


def _sig3(v):
    """Three significant digits, trailing zeros dropped ('2', '3.9', '135')."""
    for decimals in (2, 1, 0):
        limit = 10.0 ** (3 - decimals)
        r = round(v, decimals)
        if r < limit or decimals == 0:
            text = "%.*f" % (decimals, r)
            if "." in text:
                text = text.rstrip("0").rstrip(".")
            return text, r
    raise AssertionError("unreachable")


def fmt_time(seconds):
    """Mean time: 2.04e-6 -> '2.04 µs', 1.02e-3 -> '1.02 ms', 1e-5 -> '10 µs'."""
    units = ((1e-9, "ns"), (1e-6, "µs"), (1e-3, "ms"), (1.0, "s"))
    if seconds <= 0:
        return "0 s"
    for i, (scale, name) in enumerate(units):
        v = seconds / scale
        if v >= 1000 and i + 1 < len(units):
            continue
        text, r = _sig3(v)
        if r >= 1000 and i + 1 < len(units):
            continue  # rounds up into the next unit: 999.7 µs -> 1 ms
        return "%s %s" % (text, name)
    raise AssertionError("unreachable")


def fmt_one_decimal(x):
    """cycles/byte and MB/s: one decimal."""
    return "%.1f" % x


def fmt_mbs(x):
    """MB/s: one decimal; '–' when no time was recorded."""
    return "–" if x is None else fmt_one_decimal(x)


def fmt_calls(total, trials):
    """n: '100000 (5 × 20000)'; unequal trials: '99 (3 trials: 33, 33, 33)'."""
    total = int(total)
    if not trials:
        return "%d" % total
    if all(t == trials[0] for t in trials):
        return "%d (%d × %d)" % (total, len(trials), trials[0])
    return "%d (%d trials: %s)" % (total, len(trials),
                                   ", ".join("%d" % t for t in trials))


def fmt_kib(nbytes):
    """RSS: bytes -> '1692 KiB'."""
    return "%d KiB" % int(round(nbytes / 1024.0))


def _ratio_decimals(x):
    return 2 if x < 10 else 1 if x < 100 else 0


def fmt_ratio(x):
    """Relative cycles/byte: '0.52×', '3.17×', '12.4×', '184×'."""
    return "%.*f×" % (_ratio_decimals(x), x)


def fmt_ratio_interval(point, low, high):
    """A ratio and its interval, all to the point's precision:
    '0.84× [0.81–0.87]'."""
    d = _ratio_decimals(point)
    return "%.*f× [%.*f–%.*f]" % (d, point, d, low, d, high)


def size_label(nbytes):
    """32 -> '32 B'."""
    return "%d B" % nbytes
