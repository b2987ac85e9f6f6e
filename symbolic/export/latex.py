"""A standalone LaTeX document of exported formulas with their evidence.

For each formula: its title and ID, the source (paper, the paper's label,
equations, printed/corrected/derived, note), the verified expression (and the
stable form the evaluator uses, if any), parameters with domains, hypotheses, and
a table of the claims that cover it with their verdicts.  Errata are listed as
printed vs corrected, with the verdicts (and counterexamples) that support them.
Compiles with pdfLaTeX (amsmath, amssymb, longtable).
"""

from __future__ import annotations

import sympy as sp

from .records import Bundle, ClaimRecord, FormulaRecord, expression_hash
from .tex import escape

_PREAMBLE = r"""\documentclass[10pt]{article}
\usepackage[margin=2cm]{geometry}
\usepackage{amsmath,amssymb}
\usepackage{longtable}
\usepackage{array}
\allowdisplaybreaks
\setlength{\parindent}{0pt}
\setlength{\parskip}{4pt}
"""


def _cite(source) -> str:
    text = f"{source.paper}, {source.label}"
    if source.equations:
        text += ", eq. " + ", ".join(f"({e})" for e in source.equations)
    text += f" [{source.form}]"
    if source.note:
        text += f" --- {source.note}"
    return escape(text)


def _claims_table(claims: list[ClaimRecord]) -> list[str]:
    if not claims:
        return [r"\emph{No claim covers this formula.}", ""]
    lines = [
        r"\begin{longtable}{>{\raggedright}p{0.30\textwidth} p{0.09\textwidth} p{0.08\textwidth} "
        r"p{0.08\textwidth} >{\raggedright\arraybackslash}p{0.35\textwidth}}",
        r"claim & kind & expected & verdict & method \\ \hline",
    ]
    for cr in claims:
        v = cr.verdict
        flag = r" \textbf{(unexpected)}" if cr.result.unexpected else ""
        lines.append(
            f"{escape(cr.claim.id)} & {escape(cr.claim.kind)} & {cr.claim.expect} & "
            f"\\textbf{{{v.status.value.upper()}}}{flag} & {escape(v.method)} \\\\"
        )
    lines += [r"\end{longtable}", ""]
    return lines


def _formula(rec: FormulaRecord) -> list[str]:
    f = rec.formula
    lines = [f"\\section*{{{escape(f.id)}}}", f"\\addcontentsline{{toc}}{{section}}{{{escape(f.id)}}}"]
    if f.title:
        lines.append(f"\\textbf{{{escape(f.title)}}}\\\\")
    lines.append(f"\\textbf{{Source:}} {_cite(f.source)}. {escape(rec.paper.citation)}.")
    lines += ["\\begin{equation*}", sp.latex(f.expr), "\\end{equation*}"]
    lines.append(f"\\texttt{{sha256(srepr) = {expression_hash(f.expr)}}}")
    if f.numeric is not None:
        lines += [
            "Evaluated through the numerically stable form (proved equal by the claim "
            f"\\texttt{{{escape(f.id)}/numeric-form}}):",
            "\\begin{equation*}",
            sp.latex(f.numeric),
            "\\end{equation*}",
            f"\\texttt{{sha256(srepr) = {expression_hash(f.numeric)}}}",
        ]
    lines.append(f"\\textbf{{Evaluation:}} {escape(rec.evaluation_kind())}.")
    lines.append("\\textbf{Parameters:}")
    lines.append("\\begin{itemize}")
    for p in f.params:
        domain = p.choice_text if p.is_choice else ("; ".join(h.text for h in p.domain()) or "real")
        lines.append(
            f"\\item ${sp.latex(p.symbol)}$ (\\texttt{{{escape(p.name)}}}): {escape(p.description)} [{escape(domain)}]"
        )
    lines.append("\\end{itemize}")
    if f.hypotheses:
        lines.append("\\textbf{Hypotheses:}")
        lines.append("\\begin{itemize}")
        for h in f.hypotheses:
            lines.append(f"\\item {escape(h.text)} \\quad $\\left({sp.latex(h.relation)}\\right)$")
        lines.append("\\end{itemize}")
    else:
        lines.append("\\textbf{Hypotheses:} none beyond the parameter domains.")
    lines.append("")
    lines.append("\\textbf{Claims covering it:}")
    lines += _claims_table(rec.claims)
    return lines


def _errata(bundle: Bundle) -> list[str]:
    if not bundle.errata:
        return []
    lines = ["\\section*{Errata: printed vs corrected}", "\\addcontentsline{toc}{section}{Errata}"]
    for key, crs in bundle.errata.items():
        lines.append(f"\\subsection*{{{escape(key)}}}")
        lines.append("\\begin{itemize}")
        for cr in crs:
            c, v = cr.claim, cr.verdict
            label = {"printed": "As printed", "corrected": "Corrected"}.get(c.source.form, c.source.form.capitalize())
            flag = r" \textbf{(unexpected)}" if cr.result.unexpected else ""
            text = (
                f"\\item \\textbf{{{label}}} ({_cite(c.source)}): {escape(c.statement)}. "
                f"Expected {c.expect}; verdict \\textbf{{{v.status.value.upper()}}}{flag} ({escape(v.method)})."
            )
            if v.counterexample:
                shown = ", ".join(f"{k} = {val}" for k, val in v.counterexample.items() if k != "details")
                text += f" Counterexample: {escape(shown)}."
            lines.append(text)
        lines.append("\\end{itemize}")
    return lines


def render(bundle: Bundle) -> str:
    """The complete ``.tex`` source."""
    papers = {rec.paper.key: rec.paper for rec in bundle.records}
    title = "; ".join(escape(p.title) for p in papers.values())
    versions = ", ".join(f"{escape(k)} {escape(v)}" for k, v in bundle.versions.items())
    lines = [
        _PREAMBLE,
        "\\title{Verified formulas: " + title + "}",
        "\\author{Exported by \\texttt{python -m symbolic export} (" + escape(bundle.scope) + ")}",
        "\\date{}",
        "\\begin{document}",
        "\\maketitle",
        "Every formula below is a SymPy expression checked by the claims listed with it. "
        "Verdicts: PROVED (a symbolic argument on the whole domain), CHECKED (numerical evidence "
        "on stated points), REFUTED (a counterexample), UNKNOWN (none within the time budget). "
        f"Libraries: {versions}.",
        "\\tableofcontents",
        "",
    ]
    for rec in bundle.records:
        lines += _formula(rec)
    lines += _errata(bundle)
    lines.append("\\end{document}")
    return "\n".join(lines) + "\n"
