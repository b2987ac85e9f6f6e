"""Every claim kind's constructor takes id, statement and source positionally and the rest by keyword
(the rule stated in symbolic.claims.base.Claim's docstring)."""

import inspect

import pytest
import sympy as sp

from symbolic import ODE, Identity, Optimality, Recurrence, Reproduction, Source
from symbolic.claims.base import Claim

KINDS = [Claim, Identity, ODE, Recurrence, Optimality, Reproduction]


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_only_id_statement_and_source_are_positional(kind):
    params = list(inspect.signature(kind.__init__).parameters.values())[1:]  # without self
    positional = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
    assert positional == ["id", "statement", "source"]
    assert not any(p.kind is p.VAR_POSITIONAL for p in params)


def test_a_positional_operand_is_refused():
    """The old call Identity(id, lhs, rhs, statement, source) fails loudly instead of binding the wrong slots."""
    x = sp.Symbol("x", positive=True)
    src = Source("test", "unit test")
    with pytest.raises(TypeError):
        Identity("t/x", x, x, "x = x", src)
    claim = Identity("t/x", "x = x", src, lhs=x, rhs=x)
    assert (claim.statement, claim.lhs, claim.rhs) == ("x = x", x, x)


def test_an_index_that_occurs_in_its_own_bounds_is_refused_at_construction():
    """Sum(n, (n, 0, n)): substituting a value for the parameter n would replace the index too (red-team: the
    claim came back UNKNOWN, 'no sample point could be evaluated')."""
    import pytest
    import sympy as sp

    from symbolic import Identity, Source

    n = sp.Symbol("n", integer=True, nonnegative=True)
    with pytest.raises(ValueError, match="own bounds"):
        Identity("t/shadow", "", Source("t", "t", form="derived"), lhs=sp.Sum(n, (n, 0, n)), rhs=n**2)
