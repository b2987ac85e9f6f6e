"""A Formula computed by an algorithm (``evaluator=``) that also has a certified Arb enclosure.

:func:`symbolic.certify.certify` refuses custom evaluators (it cannot know what they compute);
:class:`CertifiedAlgorithmFormula` is the smallest extension that certifies one without changing
the engine: its ``certifier(values, prec)`` returns an Arb ball containing the exact value at the
checked exact ``values`` with ≥ ``prec`` bits of relative accuracy (or raises
:class:`~symbolic.certify.CertificationError`), and ``evaluate`` returns the correctly rounded
digits of that ball (path ``arb``).
"""

from __future__ import annotations

from symbolic.formula import Formula


class CertifiedAlgorithmFormula(Formula):
    """A :class:`~symbolic.formula.Formula` with an ``evaluator=`` whose value also has a certified
    Arb enclosure (``certifier(values, prec) -> ball``), so :meth:`certify` works for it.

    (The engine's :func:`symbolic.certify.certify` refuses custom evaluators; this subclass is
    the smallest extension that certifies one without changing the engine.)
    """

    def __init__(self, *args, certifier, **kwargs):
        super().__init__(*args, **kwargs)
        self.certifier = certifier

    @property
    def evaluation_path(self) -> str:
        return "arb"

    def evaluation_at(self, exact, dps: int):
        """The correctly rounded ``dps`` digits of the certified ball (raising the precision
        until the ball pins them); the mpmath evaluator only if it never does."""
        from symbolic.certify import bits_for_digits
        from symbolic.certify.digits import round_ball
        from symbolic.certify.digits import to_mpf as digits_to_mpf
        from symbolic.certify.errors import CertificationError
        from symbolic.numeric import Evaluation

        bits = bits_for_digits(dps) + 8
        note = ""
        for extra in (0, 32, 128):
            try:
                ball = self.certifier(exact, bits + extra)
            except CertificationError as exc:
                note = str(exc)
                break
            digits = round_ball(ball, dps)
            if digits is not None:
                return Evaluation(digits_to_mpf(digits, dps), digits, True, "arb", ball)
        value = self.mpmath_value(exact, dps)
        return Evaluation(value, None, False, "mpmath", None, note)

    def certify(self, prec: int = 100, **params):
        from symbolic.errors import InputError

        if not isinstance(prec, int) or isinstance(prec, bool) or prec < 2:
            raise InputError(f"{self.id}: prec must be an integer number of bits >= 2, not {prec!r}")
        return self.certifier(self.check(**params), prec)
