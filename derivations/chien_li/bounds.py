"""Chien & Li's full-batch theorems as last-iterate bounds in the canonical run vocabulary.

The paper's step (1) is W_{t+1} = Π_𝒦[W_t − η·(1/b)Σ Π_{B_K}∇ℓ_i(W_t) + G_t], G_t ~ N(0, σ²I): the noise is added
to the iterate and not scaled by η, so σ = η·s and the gradient step is η (the convention claims prove it).
Gradients are clipped to norm K, and the differing example moves a clipped gradient by at most 2K: K = C (the clip
norm) where the proof bounds a gradient's norm (c > 1: nonconvex smooth, Hölder), K = Δ/2 where it uses only the
sensitivity (c ≤ 1; see ``_CLIPPED``).
Replace-one adjacency (§2), last iterate only, bounded domain of diameter D, full batch.

Declared: Theorem 3.1 in its three regimes (Lemma 3.4: c = 1 + ηM nonconvex smooth; c = 1 convex with η ≤ 2/M;
c = 1 − ηm strongly convex with η ≤ 1/M; the convex cases also assume K-Lipschitz losses, i.e. clipping never
active: a run that clips is not covered by them (``clipping="forbidden"``; a K-Lipschitz loss is described with
``gradient_sensitivity`` 2K and no ``clip``)) and Theorem 3.7 (Hölder gradients).  Not declared: Theorem A.1 (its value depends on where the differing
example sits in the batch order; a DP guarantee needs the worst order, which an accountant must not minimise over)
and Theorem 3.12 (only its per-step term is encoded).

Every declared bound has an Arb certifier: the theorem's objective at the point (τ and β, or τ and the shifts a)
the evaluator's search found, a feasible point of the theorem's minimum, so a valid bound (``certified_at`` on
each certifier says so; the accountant shows it on the row).
"""

from __future__ import annotations

import functools

import sympy as sp

from derivations.privacy.bounds import (
    Bound,
    Output,
    Regime,
    Requirement,
    UpdateConvention,
    declare,
)
from derivations.privacy.run import RUN_SYMBOLS as R

from .common import eta as eta_p
from .common import paper, sigma

eta, s, Delta, n, T = (R[k] for k in ("step_size", "noise_std", "gradient_sensitivity", "n", "steps"))
M, m, D = R["M"], R["m"], R["diameter"]
L_H, lam_H = R["holder_constant"], R["holder_exponent"]

_UPDATE = UpdateConvention(noise_std=sigma, gradient_step=eta_p)
_COMMON = {"sigma": eta * s, "eta": eta, "K": Delta / 2, "n": n, "D": D, "T": T}
# Where c > 1 (nonconvex smooth, Hölder) the tracking (7)/(15) also takes D_t ≤ D_{t−1} + 2ηK, which needs every
# gradient's norm ≤ K: the paper's clipping Π_{B_K} (proof of Theorem 3.12: "each gradient term is bounded by ηK due
# to gradient clipping").  A gradient sensitivity Δ bounds only g_i − g'_i at one point, not ‖g_i‖, so these regimes
# need clipping and take K = C; the sensitivity term 2ηK/n = 2ηC/n ≥ ηΔ/n then holds as well.  Where c ≤ 1 that term
# never binds (the first term of the min is ≤ 2ηKτ/n), and only the sensitivity, Δ/2 = K, enters.
_CLIPPED = {**_COMMON, "K": R["clip"]}


def _formula(label):
    return paper.formulas[paper.id(label)]


def _exact_values(values, name):
    """The certifiers' inputs as Rationals, σ as its exact rational square ``sigma_sq`` (only α/(2σ²) enters, so a
    σ = √(rational) is certified too); :class:`~symbolic.certify.NotCertifiable` naming any other value (``sp.Rational``
    raised TypeError on σ = √2)."""
    from symbolic.certify import NotCertifiable

    out = {}
    for k, x in values.items():
        x = sp.sympify(x)
        if k == "sigma":
            k, x = "sigma_sq", sp.expand(x**2)
        if not x.is_Rational:
            raise NotCertifiable(f"{name}: parameter {k} = {x} is not rational; no certified enclosure")
        out[k] = x
    return out


def _search_digits(prec):
    """Digits of the certifiers' mpmath searches for a ball of ``prec`` bits: 20 beyond the ball's accuracy, so
    that two windows the search cannot tell apart differ below it (a fixed 40 digits picked window 16 for 17 at
    D = s√(16·17) + 10⁻⁴⁴, and the 300-bit ball lay 9e-46 relative above the exact minimum)."""
    return max(40, int(prec * 0.30103) + 20)


@functools.lru_cache(maxsize=32)
def _minimiser(c, s_, clip_step, D_, T_, dps=40):
    """``chien_li.smooth.solve`` at ``dps`` digits for exact (c, s, 2ηK, D, T): the minimiser (τ, window, active
    set) does not depend on α or σ, so one search serves every order α the accountant certifies."""
    import mpmath

    from .smooth import solve

    mpq = lambda x: mpmath.mpf(int(x.p)) / int(x.q)  # noqa: E731
    with mpmath.workdps(dps):
        return solve(mpq(c), mpq(s_), mpq(clip_step), mpq(D_), T_)


@functools.lru_cache(maxsize=256)
def _active_hint(c, s_, clip_step, D_, T_, tau, dps):
    """The water-filling's active count j of window τ by ``chien_li.smooth.window_value`` (mpmath, ``dps``
    digits): only a hint, the certifier checks the allocation it gives on the ball."""
    import mpmath

    from .smooth import delta_tau, window_value

    mpq = lambda x: mpmath.mpf(int(x.p)) / int(x.q)  # noqa: E731
    with mpmath.workdps(dps):
        cv, sv = mpq(c), mpq(s_)
        return window_value(cv, sv, delta_tau(cv, sv, mpq(clip_step), mpq(D_), tau), T_ - tau).active


def _lipschitz_bound_certifier(c_of):
    """An Arb certifier for Theorem 3.1 in one regime (``c_of(values)``: Lemma 3.4's exact factor c).

    The evaluator (``chien_li.smooth.solve``) finds the exact minimiser over τ and β in mpmath: a window
    m = T − τ and the number j of active steps of its water-filling.  Theorem 3.1 holds for **every** (τ, β),
    so the value at that point is itself a valid bound: with weights w_k = c^{−k} of the window sorted
    decreasingly (w₁r^{i−1}), W₁ = Σ_{i≤j} w_i, W₂ = Σ_{i≤j} w_i², level μ = (Δ_τ + sW₁)/W₂ and allocation
    a_i = μw_i − s ≥ 0 on the j largest weights (β = 1 elsewhere; claims ``thm-3.1/cs-*``, ``thm-3.1/beta-*``),
    the objective of (3) equals (α/2σ²)[(Δ_τ + sW₁)²/W₂ + (m − j)s²], Δ_τ = min(sΣ_{t<τ}c^t, 2ηKτ, D),
    s = 2ηK/n.  The ball encloses that value in Arb; nonnegativity μw_j ≥ s is checked on the ball (j is
    lowered until it is certain; j = 1 always is).  So the certified number is the theorem's bound at a
    feasible (τ, β) — the exact minimum found in mpmath, and never below the true minimum.  The search runs 20
    digits beyond the ball's accuracy, and the ball is Arb's min over τ = 0, the search's window and its two
    neighbours (each at its water-filling j and j + 1 when feasible): two adjacent windows the search's rounding
    cannot order (a tie at 10⁻⁴⁴, D = s√(m(m + 1)) + 10⁻⁴⁴ at c = 1) are ordered on exact-input balls.
    """

    def certify(values, prec):

        from symbolic.certify import NotCertifiable, PrecisionNotReached
        from symbolic.certify.arb import flint, working_precision

        v = _exact_values(values, "chien-li/thm-3.1")
        c = sp.Rational(c_of(v))
        alpha, sig_sq, eta_, K, n_, D_, T_ = (v[k] for k in ("alpha", "sigma_sq", "eta", "K", "n", "D", "T"))
        T_ = int(T_)
        s_, big = 2 * eta_ * K / n_, 2 * eta_ * K
        dps = _search_digits(prec)
        sol = _minimiser(c, s_, big, D_, T_, dps)
        # The search's window and its two neighbours (and τ = 0): a near-tie between adjacent windows that the
        # search resolves the wrong way is then settled by Arb's min of exact-input balls, not by its rounding.
        taus = sorted({sol.tau} | ({t for t in (sol.tau - 1, sol.tau + 1) if 1 <= t < T_} if sol.tau else set()))
        hints = {t: sol.window.active if t == sol.tau else _active_hint(c, s_, big, D_, T_, t, dps) for t in taus if t}
        if any(hints[t] == 0 for t in hints):  # Δ_τ > 0 for τ ≥ 1: a window always shifts
            raise NotCertifiable("chien-li/thm-3.1: the minimiser found has no active step at τ ≥ 1")
        F = flint()
        fq = lambda x: F.fmpq(int(x.p), int(x.q))  # noqa: E731
        scale = alpha / (2 * sig_sq)
        ball = None

        def geo(r, j):
            if r == 1:
                return F.arb(j)
            lr = F.arb(fq(r)).log()
            return (lr * j).expm1() / lr.expm1()

        def window(tau, hint):
            """The objective ÷ α/2σ² of window τ at the water-filling with j active steps, for j = hint + 1 (when
            its allocation is certainly nonnegative) and the largest j ≤ hint whose allocation is; their min."""
            m = T_ - tau
            sum_c = F.arb(tau) if c == 1 else geo(c, tau)
            delta_tau = (F.arb(fq(s_)) * sum_c).min(F.arb(fq(big * tau))).min(F.arb(fq(D_)))
            w1 = F.arb(fq(1 / c)) if c >= 1 else F.arb(fq(c)) ** (-m)
            r = 1 / c if c >= 1 else c
            sv = F.arb(fq(s_))
            best = None
            for j in range(min(hint + 1, m), 0, -1):
                W1, W2 = w1 * geo(r, j), w1**2 * geo(r**2, j)
                mu = (delta_tau + sv * W1) / W2
                if j == 1 or mu * w1 * F.arb(fq(r)) ** (j - 1) - sv >= 0:
                    value = (delta_tau + sv * W1) ** 2 / W2 + (m - j) * sv**2
                    best = value if best is None else best.min(value)
                    if j <= hint:
                        break
            return best

        for extra in (32, 64, 128, 256):
            with working_precision(prec + extra):
                value = F.arb(fq(T_ * s_**2))  # τ = 0: pure composition, T s², exact
                for tau, hint in hints.items():
                    value = value.min(window(tau, hint))
                value = value * F.arb(fq(scale))
                ball = value
                if value.is_finite() and (value.is_exact() or value.rel_accuracy_bits() >= prec):
                    return value
        raise PrecisionNotReached(f"chien-li/thm-3.1: the certified value did not reach {prec} bits ({ball})")

    certify.certified_at = (
        "the window τ and levels β of the exact minimum found by the evaluator (in mpmath), its neighbouring windows "
        "compared in Arb"
    )
    return certify


@functools.lru_cache(maxsize=32)
def _holder_allocation(etaL, lam, s_, clip_step, D_, T_, dps=40):
    """``chien_li.holder_bound.holder_allocation`` at ``dps`` digits for exact (ηL, λ, s, 2ηK, D, T): the window
    and shifts do not depend on α or σ, so one search serves every order α the accountant certifies."""
    import mpmath

    from .holder_bound import holder_allocation

    mpq = lambda x: mpmath.mpf(int(x.p)) / int(x.q)  # noqa: E731
    with mpmath.workdps(dps):
        return holder_allocation(mpq(etaL), mpq(lam), mpq(s_), mpq(clip_step), mpq(D_), T_)


def _holder_bound_certify(values, prec):
    """An Arb certifier for Theorem 3.7: its objective at the allocation the evaluator chose, made feasible in Arb.

    The evaluator (``chien_li.holder_bound.holder_allocation``) picks a window of m = T − τ steps and shifts
    a_1, …, a_j (mpmath; a_k = 0 after).  With β eliminated (claims ``thm-3.1/beta-*``) Theorem 3.7 bounds the
    RDP by (α/2σ²) Σ_{k≤m} (s + a_k)², s = 2ηK/n, for **every** shift sequence whose forward residual
    r_0 ≥ D_τ, r_k = max(0, g(r_{k−1}) − a_k), g(x) = x + ηL x^λ, reaches r_m = 0 (then the printed backward
    recursion A_T = 0, A_{t−1} = h(A_t + a_{t−1}) gives A_{τ+k} ≥ r_k by induction, h = g⁻¹ increasing, so
    A_τ ≥ D_τ: constraint (14)).  Here, in ball arithmetic: D_τ of (15) (D_t = min(g(D_{t−1}) + s,
    D_{t−1} + 2ηK, D)) and every r_k are replaced by upper bounds (the maps are increasing, so the residual stays
    bounded above); at the last nonzero shift a_j is raised to an upper bound of g(r_{j−1}) when the search's
    shift (which clears the residual only up to rounding) is not certainly enough.  The certified number is the
    objective at that shift sequence, feasible by construction: a valid Theorem 3.7 bound, equal to the search
    value up to that last adjustment (at the search's precision: 40 digits, at λ = 1 20 beyond the ball's).  It is not
    certified to be the minimum over (τ, a) for λ < 1 (the formula's value is a feasible point; at λ = 1 the
    allocation is the exact water-filling)."""
    from symbolic.certify import NotCertifiable, PrecisionNotReached
    from symbolic.certify.arb import flint, working_precision

    v = _exact_values(values, "chien-li/thm-3.7")
    alpha, sig_sq, eta_, K, n_, D_, L_, lam_, T_ = (
        v[k] for k in ("alpha", "sigma_sq", "eta", "K", "n", "D", "L", "lam", "T")
    )
    T_ = int(T_)
    s_, big, etaL = 2 * eta_ * K / n_, 2 * eta_ * K, eta_ * L_
    # At λ = 1 the window is the exact water-filling's, chosen at the search's precision: 20 digits beyond the ball
    # (see _search_digits).  For λ < 1 it is ranked in double precision whatever the digits, and more digits would
    # only bring holder_allocation's work limit (window steps × bits) closer.
    alloc = _holder_allocation(etaL, lam_, s_, big, D_, T_, _search_digits(prec) if lam_ == 1 else 40)
    F = flint()
    fq = lambda x: F.fmpq(int(x.p), int(x.q))  # noqa: E731
    scale = alpha / (2 * sig_sq)

    def mpf_arb(x):
        man, exp = x.man_exp
        return F.arb(F.fmpq(int(man) * 2 ** max(exp, 0), 2 ** max(-exp, 0)))

    def upper(ball):  # a ball containing a number ≥ every point of ``ball`` (mid + rad, exactly enclosed)
        return ball.mid() + ball.rad()

    ball = None
    for extra in (32, 64, 128, 256):
        with working_precision(prec + extra):
            sv = F.arb(fq(s_))
            if alloc.tau == 0:  # τ = 0: pure composition, (α/2σ²)·T s², exact
                return F.arb(fq(scale * T_ * s_**2))
            eL, lam_a, Db, bigb = F.arb(fq(etaL)), F.arb(fq(lam_)), F.arb(fq(D_)), F.arb(fq(big))

            def g(x, eL=eL, lam_a=lam_a):
                return x + eL * x**lam_a

            d = F.arb(0)
            for t in range(alloc.tau):  # (15) up to τ, kept as an upper bound
                d = upper((g(d) + sv).min(d + bigb).min(Db)) if t else sv.min(bigb).min(Db)
                if d.lower() >= Db.upper():
                    break
            r, cost, last = d, F.arb(0), len(alloc.shifts) - 1
            for k, a_mp in enumerate(alloc.shifts):
                a = mpf_arb(a_mp)
                if r == 0:
                    gr = F.arb(0)
                else:
                    gr = g(r)
                rest = gr - a
                if rest.upper() <= 0:
                    r = F.arb(0)
                elif k == last:
                    a, r = upper(gr), F.arb(0)
                else:
                    r = upper(rest)
                cost += (sv + a) ** 2
            if r != 0:
                raise NotCertifiable("chien-li/thm-3.7: the search's allocation does not clear the residual")
            value = (cost + (alloc.m - len(alloc.shifts)) * sv**2) * F.arb(fq(scale))
            ball = value
            if value.is_finite() and value.rel_accuracy_bits() >= prec:
                return value
    raise PrecisionNotReached(f"chien-li/thm-3.7: the certified value did not reach {prec} bits ({ball})")


_holder_bound_certify.certified_at = (
    "the window τ and shifts a found by the evaluator's search (for λ < 1 a feasible point of (13)–(15), not "
    "certified to be the minimum; at λ = 1 the exact water-filling)"
)

_C_NONCONVEX = _lipschitz_bound_certifier(lambda v: 1 + v["eta"] * v["L"])
_C_CONVEX = _lipschitz_bound_certifier(lambda v: sp.Integer(1))
_C_STRONG = _lipschitz_bound_certifier(lambda v: 1 - v["eta"] * v["m"])


declare(
    paper,
    Bound(
        _formula("thm-3.1-eps-nonconvex"),
        "Theorem 3.1 (nonconvex smooth, c = 1 + ηL)",
        Output.rdp("alpha"),
        Regime(losses=("nonconvex",), batchings=("full",), needs=("diameter", "M", "clip"), clipping="required"),
        {**_CLIPPED, "L": M},
        _UPDATE,
        note="exact minimum over τ and β; Lemma 3.4's factor 1 + ηM for an M-smooth loss",
        certifier=_C_NONCONVEX,
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-3.1-eps-convex"),
        "Theorem 3.1 (convex, c = 1)",
        Output.rdp("alpha"),
        Regime(
            losses=("convex",),
            batchings=("full",),
            needs=("diameter", "M"),
            requires=(Requirement(eta <= 2 / M, "needs η ≤ 2/M (Lemma 3.4, convex case)"),),
            clipping="forbidden",
        ),
        {**_COMMON, "L": M},
        _UPDATE,
        note="the paper assumes K-Lipschitz losses (clipping inactive) for c = 1",
        certifier=_C_CONVEX,
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-3.1-eps-strongly-convex"),
        "Theorem 3.1 (strongly convex, c = 1 − ηm)",
        Output.rdp("alpha"),
        Regime(
            losses=("strongly-convex",),
            batchings=("full",),
            needs=("diameter", "M", "m"),
            requires=(
                Requirement(eta <= 1 / M, "needs η ≤ 1/M (Lemma 3.4, strongly convex case)"),
                Requirement(eta * m < 1, "needs ηm < 1 (c = 1 − ηm > 0)"),
            ),
            clipping="forbidden",
        ),
        {**_COMMON, "L": M, "m": m},
        _UPDATE,
        note="the paper assumes K-Lipschitz losses (clipping inactive) for c = 1 − ηm",
        certifier=_C_STRONG,
    ),
)
declare(
    paper,
    Bound(
        _formula("thm-3.7-eps"),
        "Theorem 3.7 (Hölder-continuous gradients)",
        Output.rdp("alpha"),
        Regime(
            losses=("holder",),
            batchings=("full",),
            needs=("diameter", "holder_constant", "holder_exponent", "clip"),
            requires=(Requirement(lam_H <= 1, "needs a Hölder exponent λ ≤ 1"),),
            clipping="required",
        ),
        {**_CLIPPED, "L": L_H, "lam": lam_H},
        _UPDATE,
        note="value of (13) at a feasible allocation (a valid bound; exact minimum at λ = 1)",
        certifier=_holder_bound_certify,
    ),
)
