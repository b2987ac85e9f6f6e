"""``--statement``: a paragraph stating the guarantee, to paste into a paper's appendix.

In the spirit of TF-Privacy's ``compute_dp_sgd_privacy_statement``: the setting (loss class, batching,
dataset and batch size, steps, step size, noise, clipping), the neighbouring relation, what the number is
(which theorem, or the all-iterates accountant), ε and δ, and what is assumed about the loss.
"""

from __future__ import annotations

import sympy as sp

from .report import Account

_BATCH = {
    "full": "full-batch gradient steps (every example in every step)",
    "cyclic": "mini-batches of b = {b} taken in a fixed cyclic order",
    "shuffled": "mini-batches of b = {b} from a fresh random permutation each epoch",
    "poisson": "Poisson-sampled mini-batches (each example independently with probability q = b/n {q}, expected "
    "batch size {b})",
    "without-replacement": "mini-batches of b = {b} sampled uniformly without replacement at each step",
}

_LOSS = {
    "strongly-convex": "each per-example loss is m = {m}-strongly convex and M = {M}-smooth",
    "convex": "each per-example loss is convex and M = {M}-smooth",
    "nonconvex": "each per-example loss is M = {M}-smooth (not necessarily convex)",
    "holder": "each per-example loss has a Hölder-continuous gradient (exponent {hx}, constant {hc})",
}


def decimal(value, digits: int = 6) -> str:
    """A run value as a decimal, as the rest of the report prints numbers: exact when it is a terminating
    decimal of at most 16 significant digits (1/2 → 0.5, 11/2560 → 0.004296875, 10^-300 → 1e-300), else ≈ with ``digits``
    significant digits rounded up (8/1875 → ≈0.00426667)."""
    from decimal import Decimal, localcontext

    x = sp.Rational(value)
    p, d = int(x.p), int(x.q)
    rest = d
    for f in (2, 5):
        while rest % f == 0:
            rest //= f
    if rest == 1 and p.bit_length() < 4000 and d.bit_length() < 4000:
        with localcontext() as ctx:
            ctx.prec = 1300  # exact: a terminating p/d with d < 2^4000 has fewer digits than this
            exact = (Decimal(p) / Decimal(d)).normalize()
        if len(exact.as_tuple().digits) <= 16:
            text = format(exact, "f")
            return text if len(text) <= 24 else str(exact).replace("E", "e")
    from fractions import Fraction

    from symbolic.certify import directed_decimal

    return "≈" + directed_decimal(Fraction(p, d), digits, upward=True)


def _equals(text: str) -> str:
    """``= x``, or ``≈ x`` for a rounded value."""
    return f"≈ {text[1:]}" if text.startswith("≈") else f"= {text}"


def statement(result: Account) -> str:
    """The paragraph for ``result`` (an :class:`~accountant.report.Account`)."""
    r = result.run
    v = lambda k: decimal(r[k]) if r.has(k) else "unknown"  # noqa: E731
    b = v("batch_size")
    q = decimal(r["batch_size"] / r["n"])
    q = _equals(q)
    setting = (
        f"We train with noisy (stochastic) gradient descent on n = {v('n')} examples: "
        + _BATCH[r.batching].format(b=b, q=q)
        + f", T = {v('steps')} steps of step size η = {v('step_size')}"
    )
    if r.clipped:
        setting += (
            f", per-example gradients clipped to ℓ2 norm C = {v('clip')}, and Gaussian noise of standard "
            f"deviation s = {v('noise_std')} added to the averaged gradient (noise multiplier z = b·s/C "
            f"{_equals(decimal(r['batch_size'] * r['noise_std'] / r['clip']))})"
        )
    else:
        setting += (
            f", per-example gradients whose difference between neighbouring datasets is at most "
            f"Δ = {v('gradient_sensitivity')}, and Gaussian noise of standard deviation s = {v('noise_std')} "
            "added to the averaged gradient"
        )
    if r.has("diameter"):
        setting += f", with every iterate projected onto a convex set of diameter D = {v('diameter')}"
    setting += "; only the final iterate is released."
    best = result.best
    rel = (
        "neighbouring datasets that differ by replacing one example"
        if r.adjacency == "replace-one"
        else "neighbouring datasets that differ by adding or removing one example"
    )
    if best is None:
        return (
            setting + f" No guarantee could be computed for this run at {result._header()} (neither a "
            "last-iterate theorem nor the all-iterates accountant); see `account --explain`."
        )
    at = (
        f"(ε, δ) = ({result.show(best.result)}, {result.given})"
        if result.target == "epsilon"
        else f"(ε, δ) = ({result.given}, {result.show(best.result)})"
    )
    if best.source == "all-iterates":
        how = (
            "This follows from accounting for the release of every iterate (releasing only the last is "
            "post-processing): "
            + (
                "the composition of Gaussian mechanisms is exactly μ-GDP (Dong, Roth & Su 2022), converted to "
                "(ε, δ) and certified with interval arithmetic"
                if best.certified
                else "dp-accounting's privacy-loss-distribution accountant (a float64 numerical estimate, not "
                "certified)"
            )
            + ". No assumption on the loss beyond the per-example gradient bound is used; no last-iterate theorem "
            "gives a smaller ε for this run."
        )
        assumed = ""
    else:
        how = (
            f"This is {best.title} (the last-iterate analysis; `hidden-state-proofs` id {best.id}), evaluated "
            + ("with certified interval arithmetic and rounded up" if best.certified else "numerically (not certified)")
            + "."
        )
        loss = _LOSS[r.loss].format(m=v("m"), M=v("M"), hx=v("holder_exponent"), hc=v("holder_constant"))
        assumed = (
            f" The theorem assumes that {loss}"
            + (f" and that the constraint set has diameter {v('diameter')}" if r.has("diameter") else "")
            + "."
        )
    return f"{setting} For {rel}, the released final iterate satisfies {at}-differential privacy. {how}{assumed}"
