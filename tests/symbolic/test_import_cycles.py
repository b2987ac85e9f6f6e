"""No import circle in the engine or in the privacy toolkit (issue #32: ``formula ↔ inverse``,
``claims/inequality → monotone → limit → inequality``, ``privacy/sgm → sgm_accounting → sgm_mpmath →
sgm`` and ``errata → registry → paper → errata`` were circles).

Module-level graph from grimp (import-linter's engine): every import that can run is counted, top-level
and inside functions.  Imports under ``TYPE_CHECKING`` are not: they never execute, and they are how a
lower module names a higher one's class in an annotation (``certify`` names ``Formula``, ``coverage``
names ``Paper``) without depending on it."""

import grimp


def _circles(graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    index, low, on_stack, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in modules:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = counter[0]
                counter[0] += 1
                stack.append(node)
                on_stack.add(node)
            successors = edges.get(node, [])
            if i < len(successors):
                work.append((node, i + 1))
                nxt = successors[i]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return out


def test_the_cycle_finder_finds_a_circle():
    graph = grimp.ImportGraph()
    for m in ("p", "p.a", "p.b", "p.c"):
        graph.add_module(m)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.a")
    graph.add_import(importer="p.b", imported="p.c")
    assert _circles(graph) == [["p.a", "p.b"]]


def test_no_circle_in_the_engine_or_the_privacy_toolkit():
    graph = grimp.build_graph(
        "symbolic", "derivations", include_external_packages=False, exclude_type_checking_imports=True
    )
    bad = [c for c in _circles(graph) if any(m.startswith(("symbolic", "derivations.privacy")) for m in c)]
    assert bad == []


def test_type_checking_imports_are_what_the_rule_leaves_out():
    """The exclusion is real: a type-only import is still in grimp's full graph (so the rule above is not
    vacuous about them) — ``symbolic.coverage`` names ``Paper`` only for annotations."""
    full = grimp.build_graph("symbolic", include_external_packages=False)
    runtime = grimp.build_graph("symbolic", include_external_packages=False, exclude_type_checking_imports=True)
    assert full.direct_import_exists(importer="symbolic.coverage", imported="symbolic.paper")
    assert not runtime.direct_import_exists(importer="symbolic.coverage", imported="symbolic.paper")
