"""The 95 % interval of a ratio to the baseline over the repetitions.

Point: median of the candidate's per-repetition values / median of the
baseline's. Interval: percentile bootstrap (2.5 % and 97.5 %) of that ratio,
both sides resampled with replacement, independently (interleaved
repetitions are not paired). The resampling indices come from Python's
Mersenne Twister with a fixed seed through random.random(), whose sequence
Python keeps across versions, so the output depends only on the data; numpy
(Debian's python3-numpy, which matplotlib needs) computes the medians and
percentiles where it is installed, the statistics module otherwise, with
the same definitions (the median; linear interpolation between order
statistics = statistics.quantiles(method='inclusive')).
"""

import functools
import random
import statistics

try:
    import numpy
except ImportError:  # the report still works without numpy (and plots)
    numpy = None

SEED = 20261201
RESAMPLES = 2000
LEVEL = 95


@functools.lru_cache(maxsize=None)
def _indices(n, seed, as_array):
    """resamples × n indices into n values, the same for every ratio with n
    repetitions on that side (a numpy array when as_array)."""
    rng = random.Random(seed)
    idx = tuple(tuple(int(rng.random() * n) for _ in range(n)) for _ in range(RESAMPLES))
    return numpy.asarray(idx) if as_array else idx


def _bootstrap_medians(values, seed, use_numpy):
    idx = _indices(len(values), seed, use_numpy)
    if use_numpy:
        return numpy.median(numpy.asarray(values, dtype=float)[idx], axis=1)
    return [statistics.median(values[i] for i in row) for row in idx]


def ratio_interval(values, baseline, use_numpy=None):
    """(point, low, high) of median(values) / median(baseline); low and
    high None when either side has fewer than two repetitions."""
    point = statistics.median(values) / statistics.median(baseline)
    if len(values) < 2 or len(baseline) < 2:
        return point, None, None
    use_numpy = numpy is not None if use_numpy is None else use_numpy
    tail = (100 - LEVEL) / 2.0
    # Different seeds for the two sides: equal repetition counts must not
    # draw the same resample on both.
    num = _bootstrap_medians(values, SEED, use_numpy)
    den = _bootstrap_medians(baseline, SEED + 1, use_numpy)
    if use_numpy:
        low, high = numpy.percentile(num / den, [tail, 100 - tail])
        return point, float(low), float(high)
    ratios = [a / b for a, b in zip(num, den)]
    cuts = statistics.quantiles(ratios, n=int(round(100 / tail)), method="inclusive")
    return point, cuts[0], cuts[-1]
