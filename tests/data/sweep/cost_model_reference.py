#!/usr/bin/python3
"""The independent computation the cost model's unit test compares against: statsmodels'
RLM with HuberT(t=1.345) and the MAD scale (the same fixed point clonebench's IRLS reaches),
over cost_model_heavy_tails.csv, printed as the JSON kept in cost_model_expected.json.
Needs python3-statsmodels (scripts/setup.sh installs it as a test dependency)."""
import csv
import json

import numpy as np
import statsmodels.api as sm

with open("cost_model_heavy_tails.csv") as data:
    rows = list(csv.DictReader(data))
y = np.array([float(r["cost_ns"]) for r in rows])
exog = np.array([[1.0, float(r["pages"]), float(r["vmas"]), float(r["folios"])] for r in rows])
fit = sm.RLM(y, exog, M=sm.robust.norms.HuberT(t=1.345)).fit(
    scale_est="mad", conv="coefs", tol=1e-13, maxiter=1000)
ols = sm.OLS(y, exog).fit()
print(json.dumps({
    "huber": {"fixed_ns": fit.params[0], "per_page_ns": fit.params[1],
              "per_vma_ns": fit.params[2], "per_folio_ns": fit.params[3]},
    "scale_ns": fit.scale,
    "ols": {"fixed_ns": ols.params[0], "per_page_ns": ols.params[1],
            "per_vma_ns": ols.params[2], "per_folio_ns": ols.params[3]},
}, indent=2))
