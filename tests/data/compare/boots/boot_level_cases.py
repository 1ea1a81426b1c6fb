#!/usr/bin/python3
"""Independent expected values for the boot-level comparison (tests/unit/compare/
compare_boots_test.cpp). Writes boot_level_cases.json beside this file; run it again after
changing a case:  /usr/bin/python3 tests/data/compare/boots/boot_level_cases.py

The method (docs/statistics.md, "Boots are the units"): each boot is summarized by the median
of its runs' log values; the change of B against A is the Hodges-Lehmann shift of those
summaries (the median of all differences b_j - a_i) with the confidence interval from the exact
Mann-Whitney null distribution [D_(k), D_(mn-k+1)]; the p-value is the two-sided exact
Mann-Whitney test. Spreads: the pooled within-boot SD of the logs around their boot's mean, and
the between-boot SD sqrt(max(0, var(boot means) - within^2 / runs per boot)).

Everything here is computed without the C++ code: the null distribution by enumerating every
way of choosing A's ranks (itertools), and the p-value again with scipy when it is installed
(Debian: python3-scipy for /usr/bin/python3, which scripts/setup.sh installs for the tests).
"""
import itertools
import json
import math
import os
import statistics

try:
    import scipy.stats as scipy_stats
except ImportError:  # the enumeration alone still gives every value
    scipy_stats = None

# Each case: per side, a list of boots, each a list of run values (ops/s, higher is better).
CASES = {
    "b_two_percent_slower": {
        "a": [[1000.0, 1004.0, 998.0], [1012.0, 1009.0, 1015.0], [990.0, 994.0, 993.0],
              [1003.0, 1001.0, 1006.0], [1021.0, 1017.0, 1019.0]],
        "b": [[981.0, 978.0, 985.0], [994.0, 997.0, 991.0], [969.0, 973.0, 971.0],
              [985.0, 983.0, 987.0], [1001.0, 998.0, 1003.0]],
    },
    "unequal_boots_and_runs": {
        "a": [[512.0, 515.0], [530.0, 528.0, 531.0], [505.0], [522.0, 519.0]],
        "b": [[526.0, 524.0, 529.0], [510.0, 513.0], [534.0, 531.0], [517.0, 516.0, 520.0],
              [540.0], [508.0, 511.0]],
    },
    "same_kernel_four_boots": {
        "a": [[2000.0, 2010.0], [1960.0, 1975.0], [2040.0, 2032.0], [1990.0, 1985.0]],
        "b": [[2021.0, 2015.0], [1955.0, 1962.0], [2002.0, 2011.0], [1978.0, 1970.0]],
    },
}
ALPHA = 0.05


def boot_summary(boots):
    return [statistics.median([math.log(v) for v in runs]) for runs in boots]


def exact_null_counts(m, n):
    """How many of the C(m+n, m) rank assignments give each U (pairs with x > y)."""
    counts = [0] * (m * n + 1)
    for x_ranks in itertools.combinations(range(m + n), m):
        chosen = set(x_ranks)
        u = 0
        for x in x_ranks:
            u += sum(1 for y in range(m + n) if y not in chosen and y < x)
        counts[u] += 1
    return counts


def ci_rank(counts, alpha):
    """The largest k with P(U <= k - 1) <= alpha / 2 (0: the interval is unbounded)."""
    total = sum(counts)
    k, cumulative = 0, 0
    for u, count in enumerate(counts):
        cumulative += count
        if cumulative / total <= alpha / 2:
            k = u + 1
        else:
            break
    return k


def exact_p(counts, u):
    total = sum(counts)
    low = sum(counts[: int(u) + 1]) / total
    high = sum(counts[int(u):]) / total
    return min(1.0, 2 * min(low, high))


def spread(boots):
    logs = [[math.log(v) for v in runs] for runs in boots]
    means = [statistics.fmean(run_logs) for run_logs in logs]
    squares = sum((x - mean) ** 2 for run_logs, mean in zip(logs, means) for x in run_logs)
    df = sum(len(run_logs) - 1 for run_logs in logs)
    within = math.sqrt(squares / df) if df > 0 else None
    runs = sum(len(run_logs) for run_logs in logs)
    between = None
    if len(boots) >= 2:
        variance = statistics.variance(means) - (within or 0.0) ** 2 / (runs / len(boots))
        between = math.sqrt(max(0.0, variance))
    return {"boots": len(boots), "runs": runs, "within_sd_log": within, "between_sd_log": between}


def expected(case):
    a, b = boot_summary(case["a"]), boot_summary(case["b"])
    m, n = len(a), len(b)
    # The exact null holds without ties (with ties the normal approximation applies instead).
    assert len(set(a + b)) == m + n, "a case must have no tied boot summaries"
    differences = sorted(y - x for x in a for y in b)
    counts = exact_null_counts(m, n)
    k = ci_rank(counts, ALPHA)
    u_a = sum(1 for x in a for y in b if x > y)
    p = exact_p(counts, u_a)
    if scipy_stats is not None:
        scipy_p = scipy_stats.mannwhitneyu(a, b, alternative="two-sided", method="exact").pvalue
        assert abs(scipy_p - p) < 1e-12, (scipy_p, p)
    pct = lambda log_change: math.expm1(log_change) * 100
    return {
        "boot_summaries_a": [math.exp(x) for x in a],
        "boot_summaries_b": [math.exp(y) for y in b],
        "estimate_pct": pct(statistics.median(differences)),
        "ci_low_pct": pct(differences[k - 1]) if k > 0 else None,
        "ci_high_pct": pct(differences[m * n - k]) if k > 0 else None,
        "p": p,
        "spread_a": spread(case["a"]),
        "spread_b": spread(case["b"]),
    }


def main():
    document = {"alpha": ALPHA, "checked_with_scipy": scipy_stats is not None, "cases": {}}
    for name, case in CASES.items():
        document["cases"][name] = {"input": case, "expected": expected(case)}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "boot_level_cases.json")
    with open(path, "w") as out:
        json.dump(document, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
