"""Rigorous Arb enclosures (python-flint) of the sampled-Gaussian moments of MTZ 2019 §3.

With μ₀ = N(0, σ²), ratio(z) = 1 − q + q e^{w}, w = (2z − 1)/(2σ²) (the likelihood ratio of the
mixture (1 − q)μ₀ + qμ₁ against μ₀; see :mod:`.sgm`), these are enclosures of

    M_p(α) = ∫ μ₀(z) ratio(z)^α (log ratio(z))^p dz,   p = 0, 1, 2,

so A_α = M_0, d/dα A_α = M_1, d²/dα² A_α = M_2 and L(α) = log A_α, L' = M_1/M_0,
L'' = M_2/M_0 − (M_1/M_0)².

* Integer α = n: :func:`log_moment_integer` sums MTZ §3.2's binomial expansion
  Σ_k C(n, k) (1 − q)^{n−k} q^k e^{(k² − k)/(2σ²)} in Arb (positive terms, no cancellation).
* Any α (an exact point or a ball): :func:`moment` integrates over a finite window with Arb's
  rigorous integration (``acb.integral``, Petras' algorithm with error bounds; the integrand
  checks analyticity of its logarithm) and adds explicit bounds on the two tails:

  - z ≤ −Z (≤ 1/2): ratio ∈ [1 − q, 1], so |integrand| ≤ μ₀ (−log(1 − q))^p and the tail is
    at most (−log(1 − q))^p · ½ erfc(Z/(σ√2));
  - z ≥ Z' (≥ 1/2): ratio ∈ [1, e^w] and 0 ≤ log ratio ≤ w, with w^p ≤ p! e^w, so
    |integrand| ≤ p! μ₀ e^{βw} with β = α (p = 0) or α + 1 (p ≥ 1), and
    μ₀ e^{βw} = e^{(β² − β)/(2σ²)} N(β, σ²), whose tail is e^{(β²−β)/(2σ²)} ½ erfc((Z' − β)/(σ√2)).

  The window is chosen so that each tail bound is below 2^{−prec−8} (A_α ≥ 1 by Jensen, so
  this is a relative error); the tails are added as a ball of that radius.

q = 0 (ratio ≡ 1) and q = 1 (A_α = e^{(α² − α)/(2σ²)}) are closed forms and handled by the callers.
"""

from __future__ import annotations

from flint import acb, arb, ctx


def _ln2():
    return arb(2).log()


def log_moment_integer(q: arb, sigma: arb, n: int) -> arb:
    """log A_n for an integer order n ≥ 1 by the binomial sum of MTZ §3.2 (current precision)."""
    inv2s2 = 1 / (2 * sigma * sigma)
    total = arb(0)
    binom = arb(1)
    lq = 1 - q
    for k in range(n + 1):
        total += binom * lq ** (n - k) * q**k * (arb(k * k - k) * inv2s2).exp()
        binom = binom * (n - k) / (k + 1)
    return total.log()


def _erfc_half(x: arb) -> arb:
    """½ erfc(x) (Arb)."""
    return x.erfc() / 2


def moment(q: arb, sigma: arb, alpha: arb, power: int, prec: int) -> arb:
    """An Arb ball containing M_power(α) (see the module docstring) for 0 < q < 1, α ≥ 0.

    ``alpha`` may be a ball (the result then contains M over the whole ball).  The
    relative accuracy aimed at is about ``prec`` bits; the ball is rigorous whatever
    accuracy is reached.
    """
    if not 0 <= power <= 2:
        raise ValueError("power must be 0, 1 or 2")
    return _integrate(q, sigma, alpha, (power,), prec)[0]


def moments01(q: arb, sigma: arb, alpha: arb, prec: int) -> tuple[arb, arb]:
    """(M_0(α), M_1(α)) from one integration: both integrands are real on the real line, so
    ∫ (f₀ + i f₁) = M_0 + i M_1 (the integrand f₀ + i f₁ is analytic where f₀ and f₁ are)."""
    return _integrate(q, sigma, alpha, (0, 1), prec)


def _integrate(q: arb, sigma: arb, alpha: arb, powers: tuple[int, ...], prec: int) -> tuple[arb, ...]:
    old = ctx.prec
    ctx.prec = prec + 10
    try:
        inv2s2 = 1 / (2 * sigma * sigma)
        norm = 1 / (sigma * (2 * arb.pi()).sqrt())
        lq = 1 - q
        pair = len(powers) == 2
        power = powers[0]

        def integrand(z, analytic):
            w = (2 * z - 1) * inv2s2
            lr = (lq + q * w.exp()).log(analytic=analytic)
            value = (alpha * lr - z * z * inv2s2).exp() * norm
            if pair:
                return value * (1 + acb(0, 1) * lr)
            return value * lr**power if power else value

        bits = (prec + 8) * _ln2()
        top = max(powers)
        beta = alpha.upper() + (1 if top else 0)
        growth = (beta * beta - beta) * inv2s2  # log of e^{(β² − β)/(2σ²)}
        if growth < 0:
            growth = arb(0)
        z_left = max((sigma * (2 * bits).sqrt()).upper(), arb(1))
        z_right = max((beta + sigma * (2 * (bits + growth + arb(2).log())).sqrt()).upper(), arb(1))
        value = acb.integral(integrand, -z_left, z_right, rel_tol=arb(2) ** (-prec - 4))
        sqrt2s = sigma * arb(2).sqrt()
        gauss_left = _erfc_half(z_left / sqrt2s)
        out = []
        for p, part in zip(powers, (value.real, value.imag)):
            left_tail = (-(lq.log())) ** p * gauss_left
            right_tail = [1, 1, 2][p] * ((beta * beta - beta) * inv2s2).exp() * _erfc_half((z_right - beta) / sqrt2s)
            out.append(part + arb(0, (left_tail + right_tail).upper()))
        return tuple(out)
    finally:
        ctx.prec = old


def rdp_large_order(q: arb, sigma: arb, alpha: arb) -> arb:
    """A ball containing log A_α/(α − 1) for 0 < q < 1, α > 1 (exact balls), from the dominant term of A_α; tight
    when α(1 − q)/q · e^{−(α−1)/(2σ²)} and the η below are small (α ≫ 2σ² log(1/q)), loose otherwise.

    Writing ratio = q e^w (1 + c e^{−w}), c = (1 − q)/q, and μ₀ e^{αw} = e^{(α² − α)/(2σ²)} N(α, σ²) (completing
    the square), A_α = q^α e^{(α² − α)/(2σ²)} · E with E = E_{z ~ N(α, σ²)}[(1 + c e^{−w})^α] ≥ 1.  Splitting E at
    z = α/2: where z ≥ α/2, w ≥ (α − 1)/(2σ²) and (1 + c e^{−w})^α ≤ e^{αε₁}, ε₁ = c e^{−(α−1)/(2σ²)}; where
    z < α/2, ratio ≤ max(1, e^w) (a convex combination of 1 and e^w), so ∫_{z<α/2} μ₀ ratio^α ≤ 1 +
    e^{(α²−α)/(2σ²)} Q(α/(2σ)) ≤ 1 + e^{(α²−α)/(2σ²)} e^{−α²/(8σ²)}/2.  Hence 1 ≤ E ≤ e^{αε₁} + η with
    η = q^{−α}(e^{−(α²−α)/(2σ²)} + e^{−α²/(8σ²)}/2), and 0 ≤ log E ≤ αε₁ + η, i.e.

        log A_α/(α − 1) ∈ [r₀, r₀ + (αε₁ + η)/(α − 1)],   r₀ = (α log q + (α² − α)/(2σ²))/(α − 1).

    (q = 1/100, σ = 1, α = 1e50: αε₁ + η ≈ e^{−5e49}; the binomial sum there has 1e50 terms.)"""
    inv2s2 = 1 / (2 * sigma * sigma)
    lq = q.log()
    quad = (alpha * alpha - alpha) * inv2s2
    r0 = (alpha * lq + quad) / (alpha - 1)
    eps1 = (1 - q) / q * (-(alpha - 1) * inv2s2).exp()
    eta = (-alpha * lq - quad).exp() + (-alpha * lq - alpha * alpha * inv2s2 / 4).exp() / 2
    spread = ((alpha * eps1 + eta) / (alpha - 1)).upper()
    return r0.union(r0 + spread)


def exact_ball(value, name: str, formula: str = "privacy/sgm-rdp") -> arb:
    """An Arb ball of an exact input at the current precision: a rational exactly rounded, or a positive algebraic
    number with a rational square (σ = s·√(η/2)) as the Arb square root of that square.  Any other value raises
    :class:`~symbolic.certify.NotCertifiable` naming it (it raised AttributeError on ``value.p``)."""
    from flint import fmpq

    from symbolic.certify.errors import NotCertifiable

    if getattr(value, "is_Rational", False):
        return arb(fmpq(int(value.p), int(value.q)))
    import sympy as sp

    square = sp.expand(sp.sympify(value) ** 2)
    if square.is_Rational and square > 0 and sp.sympify(value).is_positive:
        return arb(fmpq(int(square.p), int(square.q))).sqrt()
    raise NotCertifiable(
        f"{formula}: parameter {name} = {value} is neither a rational nor the square root of one; no certified enclosure"
    )


def rdp_ball(q, sigma, alpha, prec: int) -> arb:
    """An Arb ball containing ``privacy/sgm-rdp`` = log A_α/(α − 1) at exact rationals
    0 ≤ q ≤ 1, σ > 0, α > 1 (SymPy Rationals; σ may be the square root of one), with ≥ ``prec`` bits of relative accuracy
    (or exact): 0 for q = 0; α/(2σ²) for q = 1; for α ≥ 64 :func:`rdp_large_order` where it is that
    accurate; the binomial sum (MTZ §3.2) for integer α up to ``sgm_moments.MAX_BINOMIAL_TERMS`` (as the evaluator);
    :func:`moment` (rigorous integration + tail bounds) otherwise.  Raises
    :class:`~symbolic.certify.PrecisionNotReached` if the accuracy is not reached."""
    from flint import fmpq

    from symbolic.certify.errors import NotCertifiable, PrecisionNotReached
    from symbolic.errors import show_value

    # beyond it the α + 1 binomial terms cost more than the integral (α = 10⁶: 3 s against 0.3 s; 10⁸: minutes)
    from .sgm_moments import MAX_BINOMIAL_TERMS

    def exact(v):
        return fmpq(int(v.p), int(v.q))

    if not (getattr(q, "is_Rational", False) and getattr(alpha, "is_Rational", False)):
        raise NotCertifiable(
            f"privacy/sgm-rdp: q = {q} and alpha = {alpha} must be rationals for a certified enclosure"
        )
    exact_ball(sigma, "sigma")  # a rational, or √ of one: NotCertifiable otherwise, before any work
    if q == 0:
        return arb(0)
    old = ctx.prec
    try:
        for work in (prec + 24, prec + 64, 2 * prec + 64):
            ctx.prec = work
            qa, sa, aa = arb(exact(q)), exact_ball(sigma, "sigma"), arb(exact(alpha))
            large = None if q == 1 or alpha < 64 else rdp_large_order(qa, sa, aa)
            if q == 1:
                ball = aa / (2 * sa * sa)
            elif large is not None and large.is_finite() and large.rel_accuracy_bits() >= prec:
                ball = large  # the dominant term (the binomial sum has α + 1 terms, the integral a peak at z ≈ α)
            elif alpha.q == 1 and alpha <= MAX_BINOMIAL_TERMS:
                ball = log_moment_integer(qa, sa, int(alpha)) / (aa - 1)
            else:
                ball = moment(qa, sa, aa, 0, work).log() / (aa - 1)
            if ball.is_finite() and (ball.is_exact() or ball.rel_accuracy_bits() >= prec):
                return ball
    finally:
        ctx.prec = old
    raise PrecisionNotReached(
        f"privacy/sgm-rdp: the enclosure did not reach {prec} bits (best ball: {ball}) "
        f"at q={show_value(q)}, sigma={show_value(sigma)}, alpha={show_value(alpha)}"
    )
