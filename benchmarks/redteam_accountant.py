"""Red-team the accountant against exact instances computed here, independently of the package.

Usage::

    PYTHONPATH=$PWD python benchmarks/redteam_accountant.py [--quick] [--quick-mix] [--seed S] [--runs N]
    PYTHONPATH=$PWD python benchmarks/redteam_accountant.py --sampled --runs 10     # Poisson / w/o replacement
    PYTHONPATH=$PWD python benchmarks/redteam_accountant.py --projected --runs 50   # diameter, several steps
    PYTHONPATH=$PWD python benchmarks/redteam_accountant.py --inputs                # 305 bad/extreme inputs, ~4 min

Measured (2026-11-29, 2 shared cores): 80 random runs / 200+ numbers, 10 sampled runs / 26 numbers, 46 projected
multi-step runs / 363 numbers; 305 fuzzed inputs all exit 0 or 2 with a one-line refusal: no printed row, baseline or guarantee below its exact (or, --projected, numerical)
value.  Tightest: Bok–Su–Altschuler 4.2/4.5 and the GDP baselines equal the exact quadratic instance (ratio 1);
Asoodeh & Diaz's Theorem 2 equals the exact total variation at ε = 0 (δ = 1/3, printed 0.333334).

For each generated run the accountant is asked (``accountant.account``) for ε at δ (and δ at ε), and every
applicable row, the all-iterates baseline and the guarantee are compared with the exact privacy loss of the
worst pair of neighbouring datasets this script can *construct* inside the run's stated class.  Every such
pair is a valid instance of the class, so its exact ε(δ) is a LOWER bound on the class's supremum: any printed
number below it is a soundness bug.

The truth is computed here in mpmath (50 digits), importing nothing from the package:

* **Gaussian instances** (unconstrained, no active clipping): per-example losses
  f_i(θ) = (a/2)‖θ‖² − ⟨g_i, θ⟩ with one curvature a for every example, a in the run's class (a ∈ [m, M] for
  strongly convex, [0, M] convex, [−ρ, M] nonconvex, a = 0 Hölder).  The differing example's g moves by the
  sensitivity of the batch sum (Δ, or min(Δ, 2C) with clipping for replace-one; C clipped / Δ unclipped for
  add-remove, the package's stated convention), so the last iterate is N(mean, η²s²Σc^{2k}) with the two
  means η(sens/b)|Σ_{t∈S} c^{T−1−t}| apart (c = 1 − ηa, S the steps the example takes part in): exactly
  μ-GDP, ε(δ) from the Gaussian-mechanism formula.  Clipped runs only use a = 0 (linear loss, ‖g_i‖ ≤ C: the
  clip is inactive).  Batching: full; cyclic (the differing example in any one of the ⌈n/b⌉ batches);
  shuffled with b = n or linear loss over whole epochs (the last iterate is then a permutation-free Gaussian);
  Poisson and without-replacement with b = n (every example every step).
* **One step, any class** (T = 1): the Hessian plays no role (it only shifts the mean), so one step of any
  loss class is a Gaussian pair; Poisson (rate q) gives the mixture pair (1 − q)N(0) + qN(a) against
  (1 − q)N(0) + qN(a') with a, a' placed adversarially (a − a' = Δ, a = c + Δ/2, several c; clipped runs
  |a|, |a'| ≤ C), or N(0)·(1−q)+qN(g) against N(0) for add-remove; the hockey-stick divergence by quadrature.
* **Projected, T = 1** (diameter D, in one dimension: an interval): the projected Gaussian is a density
  inside the interval plus two atoms; its hockey-stick divergence is in closed form; the centre is placed
  anywhere in the interval.

Reported: the number of runs, of comparisons, and every violation (run JSON, which number, printed vs exact).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from fractions import Fraction

import mpmath as mp

mp.mp.dps = 50

# ----------------------------------------------------------------------------- exact privacy of simple pairs


def _Phi(x):
    return mp.ncdf(x)


def delta_gauss(mu, eps):
    """δ(ε) of N(0,1) vs N(μ,1): Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)."""
    mu, eps = mp.mpf(mu), mp.mpf(eps)
    if mu == 0:
        return mp.mpf(0)
    return _Phi(-eps / mu + mu / 2) - mp.e**eps * _Phi(-eps / mu - mu / 2)


def eps_from_delta_fn(hs, delta, hi=None, tol=None):
    """Least ε ≥ 0 with hs(ε) ≤ δ (hs decreasing); bisection to 1e-40 relative."""
    delta = mp.mpf(delta)
    if hs(mp.mpf(0)) <= delta:
        return mp.mpf(0)
    lo, hi = mp.mpf(0), mp.mpf(hi or 1)
    while hs(hi) > delta:
        lo, hi = hi, hi * 2
        if hi > mp.mpf(10) ** 12:
            return mp.inf
    for _ in range(200):
        mid = (lo + hi) / 2
        if hs(mid) > delta:
            lo = mid
        else:
            hi = mid
        if hi - lo < (tol if tol is not None else mp.mpf(10) ** -40) * hi:
            break
    return lo  # the exact root lies in [lo, hi]: lo is a lower bound


def eps_gauss(mu, delta):
    return eps_from_delta_fn(lambda e: delta_gauss(mu, e), delta, hi=max(1, float(mu) ** 2))


# ---- mixtures (one Poisson step), hockey-stick by quadrature


def hs_mixture(p_parts, q_parts, sigma, eps, within=None):
    """H_{e^ε}(P‖Q) for 1-d Gaussian mixtures P = Σ w N(m, σ²), Q likewise: ∫ (p − e^ε q)_+, as a sum of
    normal-CDF differences over the intervals where p > e^ε q (their ends found on a grid of the log-ratio and
    refined by bisection to the working precision)."""
    sigma = mp.mpf(sigma)
    k = mp.e ** mp.mpf(eps)
    centres = sorted({mp.mpf(m) for _, m in p_parts + q_parts})
    lo, hi = centres[0] - 60 * sigma, centres[-1] + 60 * sigma

    def logdens(parts, x):  # log Σ w exp(−(x − m)²/2σ²), stable
        terms = [mp.log(w) - (x - m) ** 2 / (2 * sigma**2) for w, m in parts if w > 0]
        top = max(terms)
        return top + mp.log(mp.fsum(mp.e ** (t - top) for t in terms))

    g = lambda x: logdens(p_parts, x) - logdens(q_parts, x) - mp.log(k)  # noqa: E731  (> 0 where p > k q)
    N = 400
    xs = [lo + (hi - lo) * i / N for i in range(N + 1)]
    signs = [g(x) > 0 for x in xs]
    cuts = []
    for i in range(N):
        if signs[i] != signs[i + 1]:
            a, b = xs[i], xs[i + 1]
            for _ in range(min(mp.mp.prec + 10, 90)):  # 2⁻⁹⁰ of a grid cell: far below any printed digit
                mid = (a + b) / 2
                if (g(mid) > 0) == signs[i]:
                    a = mid
                else:
                    b = mid
            cuts.append((a + b) / 2)
    # intervals where g > 0, tails included
    bounds = [-mp.inf] + cuts + [mp.inf]
    total = mp.mpf(0)
    for i in range(len(bounds) - 1):
        a, b = bounds[i], bounds[i + 1]
        probe = xs[0] if a == -mp.inf else xs[-1] if b == mp.inf else (a + b) / 2
        if within is not None:  # only the part inside the interval `within` (a projected density's interior)
            a, b = max(a, within[0]), min(b, within[1])
            if a >= b:
                continue
        if g(probe) > 0:
            total += _mix_mass(p_parts, a, b, sigma) - k * _mix_mass(q_parts, a, b, sigma)
    return max(total, 0)


def _mix_mass(parts, a, b, sigma):
    return mp.fsum(w * _mass(a, b, mp.mpf(m), sigma) for w, m in parts)


def hs_mixture_quad(p_parts, q_parts, sigma, eps):
    """The same by quadrature (25 digits): a cross-check only."""
    with mp.workdps(25):
        return _hs_mixture(p_parts, q_parts, sigma, eps)


def _hs_mixture(p_parts, q_parts, sigma, eps):
    sigma = mp.mpf(sigma)
    k = mp.e ** mp.mpf(eps)

    def dens(parts, x):
        return mp.fsum(w * mp.npdf(x, m, sigma) for w, m in parts)

    f = lambda x: max(dens(p_parts, x) - k * dens(q_parts, x), 0)  # noqa: E731
    centres = sorted({mp.mpf(m) for _, m in p_parts + q_parts})
    lo, hi = centres[0] - 40 * sigma, centres[-1] + 40 * sigma
    # break points: the centres and a fine grid, so quad sees the kink where p = e^ε q
    pts = [lo]
    n_seg = 60
    for i in range(1, n_seg):
        pts.append(lo + (hi - lo) * i / n_seg)
    pts += list(centres)
    pts.append(hi)
    pts = sorted(set(pts))
    return mp.quad(f, pts)


def eps_mixture(p_parts, q_parts, sigma, delta):
    both = lambda e: max(hs_mixture(p_parts, q_parts, sigma, e), hs_mixture(q_parts, p_parts, sigma, e))  # noqa
    return eps_from_delta_fn(both, delta)


# ---- projected Gaussian on an interval [−D/2, D/2] (one step)


def _mass(a, b, m, sigma):
    """P(a < N(m, σ²) < b) without cancellation in either tail."""
    if a == -mp.inf and b == mp.inf:
        return mp.mpf(1)
    if a >= m:
        return _Phi((m - a) / sigma) - _Phi((m - b) / sigma)
    return _Phi((b - m) / sigma) - _Phi((a - m) / sigma)


def hs_projected(mp_, mq, sigma, half, eps):
    """H_{e^ε}(P‖Q), P = clip(N(mp_, σ²)), Q = clip(N(mq, σ²)) to [−half, half]."""
    mp_, mq, sigma, half = (mp.mpf(v) for v in (mp_, mq, sigma, half))
    k = mp.e ** mp.mpf(eps)
    lo_p, lo_q = _Phi((-half - mp_) / sigma), _Phi((-half - mq) / sigma)
    hi_p, hi_q = _Phi((mp_ - half) / sigma), _Phi((mq - half) / sigma)  # upper tails without cancellation
    atoms = max(lo_p - k * lo_q, 0) + max(hi_p - k * hi_q, 0)
    # interior: p/q = exp(((x)(mp−mq) − (mp²−mq²)/2)/σ²) monotone in x
    if mp_ == mq:
        return atoms
    d = mp_ - mq
    xs = (sigma**2 * mp.log(k) + (mp_**2 - mq**2) / 2) / d  # p = k q at xs
    if d > 0:
        a, b = max(xs, -half), half
    else:
        a, b = -half, min(xs, half)
    inner = 0
    if a < b:
        P = _mass(a, b, mp_, sigma)
        Q = _mass(a, b, mq, sigma)
        inner = max(P - k * Q, 0)
    return atoms + inner


def hs_projected_mixture(p_parts, q_parts, sigma, half, eps):
    """H_{e^ε}(P‖Q) for mixtures of Gaussians N(m, σ²) each projected onto [−half, half]: two atoms and a density."""
    sigma, half = mp.mpf(sigma), mp.mpf(half)
    k = mp.e ** mp.mpf(eps)
    lo_p = mp.fsum(w * _Phi((-half - m) / sigma) for w, m in p_parts)
    lo_q = mp.fsum(w * _Phi((-half - m) / sigma) for w, m in q_parts)
    hi_p = mp.fsum(w * _Phi((m - half) / sigma) for w, m in p_parts)
    hi_q = mp.fsum(w * _Phi((m - half) / sigma) for w, m in q_parts)
    atoms = max(lo_p - k * lo_q, 0) + max(hi_p - k * hi_q, 0)
    return atoms + hs_mixture(p_parts, q_parts, sigma, eps, within=(-half, half))


def _hs_projected_mixture(p_parts, q_parts, sigma, half, eps):
    sigma, half = mp.mpf(sigma), mp.mpf(half)
    k = mp.e ** mp.mpf(eps)
    lo_p = mp.fsum(w * _Phi((-half - m) / sigma) for w, m in p_parts)
    lo_q = mp.fsum(w * _Phi((-half - m) / sigma) for w, m in q_parts)
    hi_p = mp.fsum(w * _Phi((m - half) / sigma) for w, m in p_parts)
    hi_q = mp.fsum(w * _Phi((m - half) / sigma) for w, m in q_parts)
    atoms = max(lo_p - k * lo_q, 0) + max(hi_p - k * hi_q, 0)

    def dens(parts, x):
        return mp.fsum(w * mp.npdf(x, m, sigma) for w, m in parts)

    f = lambda x: max(dens(p_parts, x) - k * dens(q_parts, x), 0)  # noqa: E731
    pts = sorted(
        {-half + 2 * half * i / 40 for i in range(41)} | {mp.mpf(m) for _, m in p_parts + q_parts if -half < m < half}
    )
    return atoms + mp.quad(f, pts)


def eps_projected(mp_, mq, sigma, half, delta):
    both = lambda e: max(hs_projected(mp_, mq, sigma, half, e), hs_projected(mq, mp_, sigma, half, e))  # noqa
    return eps_from_delta_fn(both, delta)


# ----------------------------------------------------------------------------- the run's class, read here


def Q(v) -> Fraction:
    return Fraction(str(v))


def F(x) -> mp.mpf:
    """A Fraction (or int) as an mpf at the working precision."""
    x = Fraction(x)
    return mp.mpf(x.numerator) / x.denominator


def sens_sum(run: dict) -> Fraction:
    """How far the batch SUM can move between neighbours, in the package's stated convention."""
    adj = run.get("adjacency", "replace-one")
    clip = Q(run["clip"]) if "clip" in run else None
    D = Q(run["gradient_sensitivity"]) if "gradient_sensitivity" in run else None
    if adj == "add-remove":
        return clip if clip is not None else D
    if clip is not None:
        return min(D, 2 * clip) if D is not None else 2 * clip
    return D


def noise_std(run: dict) -> Fraction:
    if "noise_std" in run:
        return Q(run["noise_std"])
    return Q(run["noise_multiplier"]) * Q(run["clip"]) / Q(run["batch_size"])


def curvatures(run: dict, grid: int = 40) -> list[Fraction]:
    """Curvatures a of one quadratic loss class member (a single a for every example)."""
    loss = run["loss"]
    if "clip" in run:
        return [Fraction(0)] if loss != "strongly-convex" else []
    M = Q(run["M"]) if "M" in run else None
    eta = Q(run["step_size"])
    if loss == "strongly-convex":
        lo, hi = Q(run["m"]), M
    elif loss == "convex":
        lo, hi = Fraction(0), M
    elif loss == "nonconvex":
        rho = Q(run["weak_convexity"]) if "weak_convexity" in run else M
        lo, hi = (-(rho) if rho is not None else Fraction(0)), M
    else:
        return [Fraction(0)]
    if hi is None:
        hi = lo + 4 / eta
    out = {lo, hi}
    for i in range(1, grid):
        out.add(lo + (hi - lo) * i / grid)
    for special in (Fraction(0), 1 / eta, 2 / eta):
        if lo <= special <= hi:
            out.add(special)
    return sorted(out)


def steps_of(run: dict) -> int:
    n, b = int(run["n"]), int(run.get("batch_size", run["n"]))
    if "steps" in run:
        return int(run["steps"])
    return int(run["epochs"]) * (-(-n // b))


def gaussian_mu(run: dict) -> tuple[mp.mpf, str] | None:
    """The largest μ over the Gaussian instances this script builds for ``run`` (None: none applies)."""
    if "diameter" in run:
        return None
    n = int(run["n"])
    b = int(run.get("batch_size", n))
    T = steps_of(run)
    batching = run["batching"]
    if batching in ("poisson", "without-replacement", "shuffled") and b != n:
        if batching == "shuffled" and "clip" in run or (batching == "shuffled" and run["loss"] != "strongly-convex"):
            l = -(-n // b)
            if T % l == 0:  # linear loss over whole epochs: permutation-free
                E = T // l
                mu = mp.mpf(E) * F(sens_sum(run)) / (b * F(noise_std(run)) * mp.sqrt(T))
                return mu, "shuffled, linear loss, whole epochs"
        return None
    if T > 4000:
        return None
    eta = F(Q(run["step_size"]))
    l = 1 if batching in ("full", "poisson", "without-replacement", "shuffled") else -(-n // b)
    positions = range(l)
    best, how = mp.mpf(0), ""
    s = F(noise_std(run))
    sens = F(sens_sum(run))
    # batch sizes: the last cyclic batch holds n − (l − 1)b examples when b ∤ n, and the normaliser stays 1/b,
    # so that step's curvature is a·|B|/b
    sizes = [b] * l
    if batching == "cyclic":
        sizes[-1] = n - (l - 1) * b
    for a in curvatures(run):
        cs = [1 - eta * F(a) * sizes[t % l] / b for t in range(T)]
        # after[t] = Π_{u>t} c_u: how step t's input reaches θ_T
        after = [mp.mpf(1)] * T
        for t in range(T - 2, -1, -1):
            after[t] = after[t + 1] * cs[t + 1]
        var = mp.fsum(p * p for p in after)
        for j in positions:
            shift = mp.fsum(after[t] for t in range(j, T, l))
            mu = abs(shift) * sens / (b * s * mp.sqrt(var))
            if mu > best:
                best, how = mu, f"quadratic a = {a}, batch position {j}"
    return best, how


def instances(run: dict) -> list[tuple]:
    """Exact instances inside ``run``'s class: (δ(ε) function, description); each one's hockey-stick
    divergence (the larger of the two directions) is exact, so each gives a lower bound on the truth."""
    out = []
    g = gaussian_mu(run)
    if g is not None:
        mu, how = g
        out.append((lambda e, mu=mu: delta_gauss(mu, e), f"Gaussian μ = {mp.nstr(mu, 12)}: {how}", "gauss"))
    if steps_of(run) != 1:
        return out
    n = int(run["n"])
    b = int(run.get("batch_size", n))
    s = F(noise_std(run))
    sigma_sum = b * s  # noise std on the batch SUM
    sens = F(sens_sum(run))
    batching = run["batching"]
    adj = run.get("adjacency", "replace-one")
    if "diameter" in run:
        if batching != "full" and b != n:
            return out
        eta = F(Q(run["step_size"]))
        half = F(Q(run["diameter"])) / 2
        sigma = eta * s
        shift = eta * sens / b
        for i in range(0, 21):
            u = -half + 2 * half * i / 20  # centre of the pair
            mp_, mq = u + shift / 2, u - shift / 2
            out.append(
                (
                    lambda e, mp_=mp_, mq=mq: max(
                        hs_projected(mp_, mq, sigma, half, e), hs_projected(mq, mp_, sigma, half, e)
                    ),
                    f"projected to [−D/2, D/2], one step, centre {mp.nstr(u, 6)}",
                    "proj",
                )
            )
        return out
    if batching == "full" or b == n:
        mu = sens / sigma_sum
        out.append((lambda e, mu=mu: delta_gauss(mu, e), f"one Gaussian step, μ = {mp.nstr(mu, 12)}", "gauss"))
        return out

    def mix(P, Qp, what):
        out.append(
            (
                lambda e: max(hs_mixture(P, Qp, sigma_sum, e), hs_mixture(Qp, P, sigma_sum, e)),
                what,
                "mix",
            )
        )

    if batching == "poisson":
        q = mp.mpf(b) / n
        if adj == "add-remove":
            mix([(1 - q, 0), (q, sens)], [(1, 0)], "Poisson add-remove, one step")
            return out
        clip = F(Q(run["clip"])) if "clip" in run else None
        cs = [0, sens / 2, 2 * sens, 6 * sigma_sum] if clip is None else [0]
        for c in cs:
            mix(
                [(1 - q, 0), (q, c + sens / 2)],
                [(1 - q, 0), (q, c - sens / 2)],
                f"Poisson replace-one, a = c ± Δ/2, c = {mp.nstr(c, 6)}",
            )
        if clip is not None:  # asymmetric pairs inside the ball |a|, |a'| ≤ C
            for a, a2 in ((clip, clip - sens), (clip, 0), (clip / 2, clip / 2 - sens)):
                if abs(a2) <= clip and abs(a - a2) <= sens:
                    mix(
                        [(1 - q, 0), (q, a)],
                        [(1 - q, 0), (q, a2)],
                        f"Poisson replace-one clipped, a = {mp.nstr(a, 6)}, a' = {mp.nstr(a2, 6)}",
                    )
        return out
    if batching in ("without-replacement", "shuffled") and adj == "replace-one" and "clip" not in run:
        # one step takes the example with probability b/n; the rest of the batch is a common shift given that:
        # the pair (1 − q)N(c0) + qN(a) vs (1 − q)N(c0) + qN(a') with c0 the other examples' sum (any value)
        q = mp.mpf(b) / n
        for c in (0, 2 * sens, 6 * sigma_sum):
            mix(
                [(1 - q, 0), (q, c + sens / 2)],
                [(1 - q, 0), (q, c - sens / 2)],
                f"{batching} one step, c = {mp.nstr(c, 6)}",
            )
    return out


def sampled_instances(run: dict) -> list[tuple]:
    """Poisson / without-replacement runs, several steps, unconstrained, every other example's gradient 0: the
    differing example enters step t independently with probability q = b/n, so the last iterate is a Gaussian
    mixture over the 2^T inclusion patterns (mean −(η/b)·g·Σ_t I_t c^{T−1−t}, variance η²s²Σc^{2k}).  Without
    replacement the batch always holds b examples, so one curvature a for all of them keeps it Gaussian; Poisson
    batches vary in size, so only the linear loss (a = 0) is used there.  With T = 1 and a diameter, the
    one-step mixture projected on an interval."""
    out = []
    batching = run["batching"]
    if batching not in ("poisson", "without-replacement"):
        return out
    n = int(run["n"])
    b = int(run["batch_size"])
    if b == n:
        return out
    T = steps_of(run)
    adj = run.get("adjacency", "replace-one")
    if adj != "replace-one" and batching != "poisson":
        return out
    q = mp.mpf(b) / n
    eta = F(Q(run["step_size"]))
    s = F(noise_std(run))
    sens = F(sens_sum(run))
    clip = F(Q(run["clip"])) if "clip" in run else None
    # differing example's gradients: (g, g'), positions of the pair
    if adj == "add-remove":
        pairs = [(sens, None)]
    elif clip is None:
        pairs = [(c + sens / 2, c - sens / 2) for c in (sens / 2, 2 * sens, 5 * sens)]
    else:
        pairs = [(clip, clip - sens), (clip, 0)]
    if "diameter" in run:
        if T != 1:
            return out
        half = F(Q(run["diameter"])) / 2
        sigma = eta * s
        for g, g2 in pairs:
            for i in range(0, 11):
                u = -half + 2 * half * i / 10
                P = [(1 - q, u), (q, u - eta * g / b)]
                Qp = [(1, u)] if g2 is None else [(1 - q, u), (q, u - eta * g2 / b)]
                out.append(
                    (
                        lambda e, P=P, Qp=Qp: max(
                            hs_projected_mixture(P, Qp, sigma, half, e), hs_projected_mixture(Qp, P, sigma, half, e)
                        ),
                        f"{batching}, projected one step, centre {mp.nstr(u, 6)}, g = {mp.nstr(g, 6)}, g' = {g2 if g2 is None else mp.nstr(g2, 6)}",
                        "mix",
                    )
                )
        return out
    if T > 6 or T == 1:
        return out
    if batching == "poisson" or clip is not None:
        curv = [Fraction(0)] if run["loss"] != "strongly-convex" and (clip is None or True) else []
    else:
        curv = curvatures(run, grid=4)
    if clip is not None and run["loss"] == "strongly-convex":
        curv = []
    import itertools

    for a in curv:
        c = 1 - eta * F(a)
        w = [c**k if k else mp.mpf(1) for k in range(T)]
        sd = eta * s * mp.sqrt(mp.fsum(x * x for x in w))
        for g, g2 in pairs:
            P, Qp = {}, {}
            for pat in itertools.product((0, 1), repeat=T):
                weight = mp.fprod(q if i else 1 - q for i in pat)
                coef = mp.fsum(w[T - 1 - t] for t in range(T) if pat[t])
                mP = -eta * g * coef / b
                P[mP] = P.get(mP, 0) + weight
                if g2 is not None:
                    mQ = -eta * g2 * coef / b
                    Qp[mQ] = Qp.get(mQ, 0) + weight
            Pl = [(v, k) for k, v in P.items()]
            Ql = [(v, k) for k, v in Qp.items()] if g2 is not None else [(mp.mpf(1), mp.mpf(0))]
            out.append(
                (
                    lambda e, Pl=Pl, Ql=Ql, sd=sd: max(hs_mixture(Pl, Ql, sd, e), hs_mixture(Ql, Pl, sd, e)),
                    f"{batching}, {T} steps, a = {a}, g = {mp.nstr(g, 6)}, g' = {g2 if g2 is None else mp.nstr(g2, 6)}",
                    "mix",
                )
            )
    return out


# ----------------------------------------------------------------------------- generating runs

LOSSES = ["strongly-convex", "convex", "nonconvex", "holder"]


def _dec(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}" if x.denominator != 1 else str(x.numerator)


def sampled_run(rng: random.Random) -> dict:
    """Poisson / without-replacement runs aimed at Asoodeh & Diaz (clip, diameter, one step) and Ye & Shokri's
    Theorem 5.3 (without replacement, strongly convex, b | n, a few steps)."""
    batching = rng.choice(["poisson", "without-replacement"])
    n = rng.choice([2, 3, 4, 6, 10])
    b = rng.choice([d for d in range(1, n) if n % d == 0])
    M = Fraction(rng.choice([1, 2, 10])) / rng.choice([1, 4])
    if rng.random() < 0.5:
        loss = rng.choice(["convex", "nonconvex", "strongly-convex"])
        run = {"loss": loss, "batching": batching, "n": str(n), "batch_size": str(b), "steps": "1", "M": _dec(M)}
        if loss == "strongly-convex":
            run["m"] = _dec(M / rng.choice([1, 10, 1000]))
        run["clip"] = _dec(Fraction(rng.choice([1, 2, 5])) / rng.choice([1, 10]))
        run["diameter"] = _dec(Fraction(rng.choice([1, 2, 10, 100])) / rng.choice([1, 10, 100]))
        run["step_size"] = _dec(rng.choice([1 / M, 1 / (2 * M), Fraction(1, 100) / M, 2 / M]))
        run["noise_std"] = _dec(Fraction(rng.choice([1, 5, 20, 100])) / rng.choice([1, 10, 100]))
        if rng.random() < 0.3 and batching == "poisson":
            run["adjacency"] = "add-remove"
        return run
    m = M / rng.choice([1, 2, 10, 1000])
    T = rng.choice([1, 2, 3, n // b])
    run = {
        "loss": "strongly-convex",
        "batching": "without-replacement",
        "n": str(n),
        "batch_size": str(b),
        "steps": str(min(T, 3)),
        "M": _dec(M),
        "m": _dec(m),
    }
    run["step_size"] = _dec(
        rng.choice([1 / M, 2 / (M + m), Fraction(99, 100) * 2 / (M + m), 1 / (2 * M), Fraction(1, 100) / M])
    )
    run["noise_std"] = _dec(Fraction(rng.choice([1, 5, 20, 100])) / rng.choice([1, 10, 100]))
    run["gradient_sensitivity"] = _dec(Fraction(rng.choice([1, 2, 3])) / rng.choice([1, 2, 10]))
    return run


def random_run(rng: random.Random) -> dict:
    loss = rng.choice(["strongly-convex"] * 3 + ["convex", "nonconvex", "holder"])
    batching = rng.choice(["full"] * 3 + ["cyclic"] * 3 + ["poisson", "shuffled", "without-replacement"])
    n = rng.choice([1, 2, 3, 4, 5, 6, 10])
    if batching == "full":
        b = n
    else:
        b = rng.choice([d for d in range(1, n + 1)] + [n])
    l = -(-n // b)
    T = rng.choice([1, 1, 2, 3, l, l + 1, 2 * l, 2 * l - 1, 5, 10, 50])
    run = {"loss": loss, "batching": batching, "n": str(n), "batch_size": str(b), "steps": str(T)}
    M = Fraction(rng.choice([1, 2, 1, 10])) / rng.choice([1, 4, 10])
    run["M"] = _dec(M)
    if loss == "strongly-convex":
        m = rng.choice([M, M / 2, M / 10, M / 1000, M / 10**6])
        run["m"] = _dec(m)
    else:
        m = Fraction(0)
    if loss == "holder":
        run["holder_exponent"] = "1"
        run["holder_constant"] = run["M"]
    # step sizes at and around the theorems' thresholds
    eta_choices = [1 / M, 2 / (M + m), 2 / M, 1 / (2 * M), Fraction(1, 100) / M, Fraction(99, 100) * 2 / (M + m)]
    run["step_size"] = _dec(rng.choice(eta_choices))
    run["noise_std"] = _dec(Fraction(rng.choice([1, 1, 5, 20, 100, 1000])) / rng.choice([1, 10, 100]))
    if rng.random() < 0.2 and loss != "strongly-convex":
        run["clip"] = _dec(Fraction(rng.choice([1, 2, 5])) / rng.choice([1, 2]))
    else:
        run["gradient_sensitivity"] = _dec(Fraction(rng.choice([1, 2, 3])) / rng.choice([1, 2, 10]))
    if rng.random() < 0.15:
        run["adjacency"] = "add-remove"
    if rng.random() < 0.25 and T == 1:
        run["diameter"] = _dec(Fraction(rng.choice([1, 2, 10, 100])) / rng.choice([1, 10, 100]))
    if loss == "nonconvex" and rng.random() < 0.5:
        run["weak_convexity"] = _dec(M * Fraction(rng.choice([0, 1, 1, 2]), 2))
    return run


# ----------------------------------------------------------------------------- comparison


def _num(text) -> mp.mpf | None:
    if text is None:
        return None
    try:
        return mp.mpf(Fraction(str(text)).numerator) / Fraction(str(text)).denominator
    except (ValueError, ZeroDivisionError):
        if str(text) == "inf":
            return mp.inf
        return None


#: per source, the least printed/exact ratio seen (1 = tight; a check that the oracle is not loose)
TIGHTEST: dict = {}


def check(run: dict, mode: str, given: str, truth: mp.mpf, how: str, violations: list, *, part_seconds=20) -> int:
    """Compare every number the accountant prints for ``run`` at ``mode`` = ``given`` with ``truth``."""
    from accountant import account  # the code under test (only here)
    from symbolic.errors import InputError

    out = "epsilon" if mode == "delta" else "delta"  # the key of the printed number
    try:
        res = account(run, **{mode: given}, part_seconds=part_seconds, heuristics=False)
    except InputError:
        return 0
    except Exception as exc:  # noqa: BLE001
        violations.append({"run": run, mode: given, "what": "crash", "error": repr(exc)[:300]})
        return 0
    d = res.as_json()
    count = 0
    printed = []
    for row in d.get("bounds", []):
        if row.get("applies") and row.get(out) is not None:
            printed.append((row["id"], row[out]))
    base = d.get("all_iterates") or {}
    if base.get(out) is not None:
        printed.append(("all-iterates", base[out]))
    best = d.get("best") or {}
    if best.get(out) is not None:
        printed.append(("guarantee", best[out]))
    for who, text in printed:
        v = _num(text)
        if v is None:
            continue
        count += 1
        key = (who.split("/")[0] if "/" in who else who) + f" ({out})"
        if truth > 0:
            r = v / truth
            if key not in TIGHTEST or r < TIGHTEST[key][0]:
                TIGHTEST[key] = (r, run, f"{mode} = {given}")
        if v < truth * (1 - mp.mpf(10) ** -30):
            violations.append(
                {
                    "run": run,
                    mode: given,
                    "what": who,
                    "printed": str(text),
                    "exact_lower": mp.nstr(truth, 15),
                    "instance": how,
                }
            )
    return count


# ----------------------------------------------------------------------------- projected runs, several steps
# (numerical, float64: a cross-check with a 1 % margin, not an exact oracle; runs whose masses underflow are skipped)


def _chain_last_iterate(h, c, drift, sigma, T, N, theta0):
    """θ ← clip(cθ + drift + σZ, −h, h) from θ0, T times, on N cells of [−h, h] plus the two end atoms: the
    masses of the last iterate (each cell's mass moved as a point at its centre; exact cell probabilities)."""
    import numpy as np
    from scipy.special import ndtr

    edges = np.linspace(-h, h, N + 1)
    pts = np.concatenate([[-h], (edges[:-1] + edges[1:]) / 2, [h]])
    mass = np.zeros(N + 2)
    mass[np.argmin(abs(pts - theta0))] = 1.0
    mean = c * pts + drift
    cdf = ndtr((edges[None, :] - mean[:, None]) / sigma)
    K = np.empty((N + 2, N + 2))
    K[:, 0] = cdf[:, 0]
    K[:, 1:-1] = np.diff(cdf, axis=1)
    K[:, -1] = ndtr((mean - h) / sigma)
    for _ in range(T):
        mass = mass @ K
    return mass


def _chain_epsilon(p, q, delta):
    import numpy as np
    from scipy.optimize import brentq

    def hs(a, b, e):
        with np.errstate(over="ignore", invalid="ignore"):
            return np.sum(np.maximum(a - np.where(b > 0, np.exp(min(e, 700)) * b, 0), 0))

    f = lambda e: max(hs(p, q, e), hs(q, p, e)) - delta  # noqa: E731
    if f(0) <= 0:
        return 0.0
    hi = 1.0
    while f(hi) > 0:
        hi *= 2
        if hi > 500:
            return float("nan")
    e = brentq(f, 0, hi, xtol=1e-12)
    return e if e < 500 else float("nan")


def projected_truth(run: dict, delta: float, N: int = 600):
    """Full-batch run with a diameter: the largest ε(δ) of the 1-d chain over curvatures (linear; m for strongly
    convex; −ρ concave for nonconvex), the other examples' gradient, and θ0 ∈ {−D/2, 0, D/2}."""
    if run["batching"] != "full" or "clip" in run:
        return None
    n, T = int(run["n"]), steps_of(run)
    eta, s, h = float(Q(run["step_size"])), float(noise_std(run)), float(Q(run["diameter"])) / 2
    sens = float(sens_sum(run))
    curv = [float(Q(run["m"]))] if run["loss"] == "strongly-convex" else [0.0]
    if run["loss"] == "nonconvex":
        curv.append(-float(Q(run.get("weak_convexity", run["M"]))))
    best = (0.0, "")
    for a in curv:
        for g0 in (0.0, sens / (2 * n), 0.5 * h / eta, -a * h / 2):
            for th0 in (0.0, -h, h):
                p = _chain_last_iterate(h, 1 - eta * a, -eta * (g0 + sens / (2 * n)), eta * s, T, N, th0)
                q = _chain_last_iterate(h, 1 - eta * a, -eta * (g0 - sens / (2 * n)), eta * s, T, N, th0)
                e = _chain_epsilon(p, q, delta)
                if e != e:
                    return None
                if e > best[0]:
                    best = (e, f"projected chain, a = {a}, other gradients {g0}, θ0 = {th0}")
    return best


def projected_sweep(runs: int, seed: int) -> int:
    """Random full-batch runs with a diameter, several steps, against :func:`projected_truth` (1 % margin)."""
    from accountant import account

    rng = random.Random(seed)
    n_runs = n_cmp = 0
    bad = []
    for _ in range(runs):
        loss = rng.choice(["convex", "strongly-convex", "nonconvex"])
        M = Fraction(rng.choice([1, 4])) / rng.choice([1, 4])
        run = {
            "loss": loss,
            "M": _dec(M),
            "batching": "full",
            "n": str(rng.choice([1, 2, 5])),
            "step_size": _dec(rng.choice([1 / M, 2 / M, 1 / (2 * M), Fraction(1, 10) / M])),
            "noise_std": rng.choice(["1", "1/4", "4", "1/10"]),
            "gradient_sensitivity": rng.choice(["1", "2"]),
            "steps": str(rng.choice([1, 2, 5, 10, 30])),
            "diameter": rng.choice(["1", "1/4", "4", "1/10"]),
        }
        if loss == "strongly-convex":
            run["m"] = _dec(M / rng.choice([1, 2, 10]))
        delta = rng.choice(["1e-5", "1e-3", "0.1"])
        res = account(run, delta=delta, heuristics=False).as_json()
        rows = [
            (r["id"], r["epsilon"]) for r in res["bounds"] if r["applies"] and r.get("epsilon") not in (None, "inf")
        ]
        if not rows:
            continue
        truth = projected_truth(run, float(delta))
        if truth is None:
            continue
        n_runs += 1
        rows += [("all-iterates", res["all_iterates"]["epsilon"]), ("guarantee", res["best"]["epsilon"])]
        for who, text in rows:
            n_cmp += 1
            if float(text) < truth[0] * 0.99:
                bad.append((who, text, truth, run, delta))
                print("VIOLATION?", who, text, truth, json.dumps(run), delta, flush=True)
    print(f"projected: {n_runs} runs, {n_cmp} numbers compared, {len(bad)} below the chain's ε by > 1 %")
    return 1 if bad else 0


# ----------------------------------------------------------------------------- the input side


def fuzz_inputs() -> int:
    """Bad and extreme inputs through the command line, in process: every one must exit 0 or 2, a refusal in one
    line naming the key, no traceback, no hang (90 s alarm).  Returns 1 when one does not."""
    import contextlib
    import io
    import signal

    from symbolic.cli import main as cli_main

    base = {
        "loss": "strongly-convex",
        "m": "0.01",
        "M": "0.26",
        "batching": "full",
        "n": "600",
        "step_size": "1",
        "noise_std": "0.05",
        "gradient_sensitivity": "2",
        "steps": "20",
    }
    cases = []

    def mod(**kw):
        r = dict(base)
        for k, v in kw.items():
            if v is None:
                r.pop(k, None)
            else:
                r[k] = v
        return json.dumps(r)

    texts = [
        "",
        "{",
        "[]",
        "null",
        "1",
        '"x"',
        '{"loss": }',
        "{'loss': 'convex'}",
        "loss: convex\nM: [1,2]\n",
        "a: b: c",
        "\ufeff{}",
        "{}",
        '{"loss": "convex"}',
    ]
    for t in texts:
        cases.append(("text", t, []))
    for key in list(base):
        cases.append(("missing " + key, mod(**{key: None}), []))
        for v in [
            "0",
            "-1",
            "1e300",
            "1e-300",
            "abc",
            "nan",
            "inf",
            "1/0",
            "",
            " ",
            "1e1001",
            "0.5",
            "1e15",
            "1e16",
            "1/3",
            True,
            [1],
            {"a": 1},
            None,
            1e308,
            12345678901234567890123,
            "1" * 500,
        ]:
            cases.append(
                (
                    f"{key}={v!r}",
                    mod(**{key: v}) if not isinstance(v, float) else json.dumps(base)[:-1] + f', "{key}x": 1' + "}",
                    [],
                )
            )
    extra = [
        mod(noise_multiplier="1.1"),
        mod(clip="1", noise_multiplier="1e-300"),
        mod(clip="1", noise_multiplier="1e300", noise_std=None),
        mod(clip="1e-300"),
        mod(clip="1e300"),
        mod(epochs="1000000000", steps=None),
        mod(steps="1000000000000000"),
        mod(n="1000000000000000", steps="2"),
        mod(batching="poisson", batch_size="1", n="1000000000000000", steps="3"),
        mod(batching="poisson", batch_size="300", steps="1000000000000000"),
        mod(batching="poisson", batch_size="300", noise_std="1e-300"),
        mod(batching="poisson", batch_size="300", noise_std="1e300"),
        mod(batching="without-replacement", batch_size="300", noise_std="1e-300"),
        mod(batching="cyclic", batch_size="7"),
        mod(batching="shuffled", batch_size="601"),
        mod(sample_rate="0.5"),
        mod(batching="poisson", sample_rate="0.001"),
        mod(batching="poisson", sample_rate="2"),
        mod(batching="poisson", sample_rate="1"),
        mod(batching="poisson", sample_rate="1e-300"),
        mod(loss="holder"),
        mod(loss="holder", holder_exponent="2", holder_constant="1"),
        mod(loss="holder", holder_exponent="1e-300", holder_constant="1", diameter="1"),
        mod(loss="holder", holder_exponent="1/3", holder_constant="1e300", diameter="1e300"),
        mod(diameter="1e-300"),
        mod(diameter="1e300"),
        mod(diameter="1e300", loss="convex"),
        mod(diameter="1e-300", loss="convex"),
        mod(step_size="1e300"),
        mod(step_size="1e-300"),
        mod(m="0.26"),
        mod(m="0.27"),
        mod(m="1e-300"),
        mod(M="1e300", m="1e-300"),
        mod(weak_convexity="1", loss="nonconvex"),
        mod(loss="nonconvex", M=None),
        mod(loss="convex", M=None),
        mod(adjacency="add-remove"),
        mod(adjacency="add_remove"),
        mod(adjacency=None, loss="nonconvex"),
        mod(dimension="0"),
        mod(dimension="1e300"),
        mod(dimension="1.5"),
        mod(name="x" * 10**5),
        mod(gradient_sensitivity="1e-300"),
        mod(gradient_sensitivity="1e300"),
        mod(noise_std="1e-300"),
        mod(noise_std="1e300"),
        mod(noise_std="1e-1000"),
        mod(noise_std="1e1000"),
        mod(noise_std="1e-1001"),
        mod(loss="convex", diameter="1", step_size="1e-300"),
        mod(loss="convex", diameter="1e300", steps="1000000000000000"),
    ]
    for e in extra:
        cases.append(("extra", e, []))
    flag_cases = [
        ["--delta", "0"],
        ["--delta", "1"],
        ["--delta", "-1"],
        ["--delta", "1e-300"],
        ["--delta", "0.9999999"],
        ["--delta", "abc"],
        ["--epsilon", "0"],
        ["--epsilon", "-1"],
        ["--epsilon", "1e300"],
        ["--epsilon", "1e-300"],
        ["--epsilon", "inf"],
        ["--delta", "1e-5", "--epsilon", "1"],
        ["--digits", "0"],
        ["--digits", "100000"],
        ["--digits", "-3"],
        ["--part-seconds", "0"],
        ["--part-seconds", "-1"],
        ["--part-seconds", "1e300"],
        ["--calibrate", "noise_std"],
        ["--calibrate", "noise_std", "--target-epsilon", "0"],
        ["--calibrate", "noise_std", "--target-epsilon", "-1"],
        ["--calibrate", "noise_std", "--target-epsilon", "1e-300"],
        ["--calibrate", "noise_std", "--target-epsilon", "1e300"],
        ["--calibrate", "steps", "--target-epsilon", "1e-9"],
        ["--calibrate", "epochs", "--target-epsilon", "1e300"],
        ["--calibrate", "noise_multiplier", "--target-epsilon", "1"],
        ["--curve", "--epsilon", "1"],
        ["--steps", "abc"],
        ["--steps", "1", "--epochs", "2"],
        ["--plot", "/nonexistent/dir/x.png"],
        ["--curve", "--delta", "1e-300", "0.9"],
        ["--target-epsilon", "1"],
    ]
    for f in flag_cases:
        cases.append(("flags", json.dumps(base), f))

    class Hang(Exception):
        pass

    def _alarm(*_):
        raise Hang()

    signal.signal(signal.SIGALRM, _alarm)
    failures = 0
    for name, text, flags in cases:
        out, err = io.StringIO(), io.StringIO()
        t = time.time()
        signal.alarm(90)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                rc = cli_main(["account", text] + flags)
        except SystemExit as e:
            rc = e.code
        except Hang:
            rc = "HANG"
        except BaseException as e:  # noqa: BLE001
            rc = f"EXC {type(e).__name__}: {str(e)[:200]}"
        finally:
            signal.alarm(0)
        msg = err.getvalue().strip()
        ok = rc in (0, 2) and (rc != 2 or (msg and "\n" not in msg))
        failures += not ok
        if not ok:
            print(f"BAD rc={rc} {time.time() - t:.1f}s {name} {flags} :: {msg[:300]!r}", flush=True)
    print(f"inputs: {len(cases)} fuzzed, {failures} without exit 0/2 and a one-line refusal")
    return 1 if failures else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument(
        "--sampled", action="store_true", help="Poisson / without-replacement runs (Asoodeh & Diaz, Ye & Shokri 5.3)"
    )
    ap.add_argument("--quick-mix", action="store_true", help="skip the quadrature (mixture) instances")
    ap.add_argument("--out", default=None, help="write violations as JSON here")
    ap.add_argument(
        "--projected", action="store_true", help="full-batch runs with a diameter, several steps (numerical)"
    )
    ap.add_argument("--inputs", action="store_true", help="fuzz the input side (bad runs and flags)")
    args = ap.parse_args(argv)
    if args.inputs:
        return fuzz_inputs()
    if args.projected:
        return projected_sweep(args.runs, args.seed)
    rng = random.Random(args.seed)
    violations: list = []
    n_runs = n_cmp = 0
    t0 = time.time()
    runs = args.runs if not args.quick else 30
    for i in range(runs):
        run = sampled_run(rng) if args.sampled else random_run(rng)
        if rng.random() < 0.25:
            mode, given = "epsilon", rng.choice(["0", "0.1", "1", "5", "30"])
        else:
            mode, given = "delta", rng.choice(["1e-5", "1e-2", "0.5", "1e-12", "0.999"])
        try:
            inst = instances(run) + sampled_instances(run)
        except (KeyError, ZeroDivisionError):
            continue
        if not inst:
            continue
        if args.quick_mix:
            inst = [i for i in inst if i[2] != "mix"] or inst[:1]
        best, how = None, ""
        for hs, what, kind in inst:
            if mode == "delta":
                v = eps_from_delta_fn(hs, given, tol=mp.mpf(10) ** (-40 if kind != "mix" else -12))
            else:
                v = hs(mp.mpf(given))
            if best is None or v > best:
                best, how = v, what
        n_runs += 1
        before = len(violations)
        n_cmp += check(run, mode, given, best, how, violations)
        for v in violations[before:]:
            print("VIOLATION", json.dumps(v, ensure_ascii=False), flush=True)
        if n_runs % 10 == 0:
            print(
                f"... {i + 1} runs generated, {n_runs} checked, {len(violations)} violations, {time.time() - t0:.0f} s",
                flush=True,
            )
    print(f"{n_runs} runs with an exact instance, {n_cmp} printed numbers compared, {time.time() - t0:.0f} s")
    for key, (r, run, at) in sorted(TIGHTEST.items()):
        print(f"  tightest {key}: printed/exact = {mp.nstr(r, 8)}  ({json.dumps(run)} at {at})")
    print(f"{len(violations)} violations")
    for v in violations:
        print(json.dumps(v, ensure_ascii=False))
    if args.out:
        with open(args.out, "w") as fh:
            json.dump(violations, fh, indent=1, ensure_ascii=False)
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
