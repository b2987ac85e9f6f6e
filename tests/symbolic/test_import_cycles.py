"""No import circle through the engine's evaluation, formula, limit or claim modules (issue #32:
``formula ↔ inverse`` and ``claims/inequality → monotone → limit → inequality`` were circles).

Module-level graph from grimp (import-linter's engine), every import counted: top-level, inside
functions and under ``TYPE_CHECKING``."""

import grimp

#: Modules that must lie on no circle.
WATCHED = ("symbolic.formula", "symbolic.evaluate", "symbolic.limits", "symbolic.claims", "symbolic.certify")


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


def test_no_circle_through_the_evaluation_formula_limit_or_claim_modules():
    graph = grimp.build_graph("symbolic", include_external_packages=False)
    bad = [c for c in _circles(graph) if any(m.startswith(WATCHED) for m in c)]
    assert bad == []
