"""Figure 1 (bounds against the number of iterations), as figure data.

Figure 1's caption fixes λ = 1e-5, C = 10, σ = 1e-5, T = 1e5, b = 10, k = 1e4 (so ℓ = 1000,
E(t) = ⌈t/1000⌉, λC/(bσ) = 1), but its legend values (m, M, Q) and the Rényi order α are not
in the text: :func:`figure_1_curves` computes ε/α for the curves the caption allows, at
stated (m, M) choices, and ``@paper.figure("figure-1")`` returns them as figure data.
"""

from __future__ import annotations

from symbolic.figure import FigureData, Panel, Series

from .common import paper
from .table2 import local_dp, mironov, pabi

FIGURE_1 = {"lam": "1e-5", "C": "10", "sigma": "1e-5", "T": 100000, "b": 10, "k": 10000}
#: (m, M) pairs plotted for the unclipped bound (19); the legend's values are not in the text.
FIGURE_1_MM = [("0", "1"), ("10", "10"), ("100", "100"), ("1000", "1000")]
#: Iteration counts plotted: the bounds are step functions of E(t) = ⌈t/1000⌉, so one point per
#: plotted step suffices.
FIGURE_1_TS = [1, 1000] + [1000 * e + 1 for e in (1, 2, 4, 9, 19, 39, 69, 99)] + [100000]


def figure_1_curves(ts, alpha_value="2", Q="10", dps=20):
    """ε/α of the bounds Figure 1 compares, at iteration counts ``ts`` (caption parameters).

    Returns ``{label: [mpf per t]}``.  Ours: (19) at each (m, M) of :data:`FIGURE_1_MM` and (17) at
    (m, M) = (0, 1), from the registered ``thm-2.3-*`` formulas; the Table 2 rows [14] (αE/2 r²),
    [25, Thm 11] (αE/ℓ r²) and PABI [17] ((αE/ℓ)(λQ/σ)², Q = C = 10 by default), and naive swap
    composition 2αE r² (which the clipped bound never beats: thm-2.3-clipped-ge-composition).  α cancels in ε/α; it is passed because (17)/(19) require α > 1.
    """
    import mpmath

    p = FIGURE_1
    ell_v = p["k"] // p["b"]
    out: dict[str, list] = {}
    common = dict(alpha=alpha_value, sigma=p["sigma"], lam=p["lam"], C=p["C"], b=p["b"], k=p["k"])
    for mm, MM in FIGURE_1_MM:
        out[f"(19), m={mm}, M={MM}"] = [
            paper.formulas["kong-ribero/thm-2.3-unclipped"].evaluate(dps=dps, m=mm, M=MM, T=t, **common)
            / int(alpha_value)
            for t in ts
        ]
    out["(17), m=0, M=1"] = [
        paper.formulas["kong-ribero/thm-2.3-clipped"].evaluate(dps=dps, m="0", M="1", T=t, **common) / int(alpha_value)
        for t in ts
    ]
    rows = {"[14] local DP": local_dp, "[25, Thm 11]": mironov}
    for label, f in rows.items():
        out[label] = [
            f.evaluate(
                dps=dps,
                alpha=alpha_value,
                sigma=p["sigma"],
                lam=p["lam"],
                C=p["C"],
                b=p["b"],
                E=-(-t // ell_v),
                ell=ell_v,
            )
            / int(alpha_value)
            for t in ts
        ]
    out[f"PABI [17], Q={Q}"] = [
        pabi.evaluate(dps=dps, alpha=alpha_value, sigma=p["sigma"], lam=p["lam"], Q=Q, E=-(-t // ell_v), ell=ell_v)
        / int(alpha_value)
        for t in ts
    ]
    r2 = (mpmath.mpf(p["lam"]) * int(p["C"]) / (p["b"] * mpmath.mpf(p["sigma"]))) ** 2
    out["swap composition 2E r²"] = [2 * (-(-t // ell_v)) * r2 for t in ts]
    return out


@paper.figure("figure-1")
def figure_1() -> FigureData:
    """Figure 1 (left panel regime): ε/α against the number of iterations, caption parameters."""
    curves = figure_1_curves(FIGURE_1_TS)
    return FigureData(
        "figure-1",
        [
            Panel(
                "Kong & Ribero Fig. 1 regime: λ=1e-5, C=10, σ=1e-5, b=10, k=1e4",
                "iterations t",
                "ε / α",
                [Series(label, list(FIGURE_1_TS), values, "step") for label, values in curves.items()],
                xscale="log",
                yscale="log",
            )
        ],
    )
