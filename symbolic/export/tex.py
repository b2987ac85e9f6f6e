"""Plain text (the papers' Unicode statements) made safe for a pdfLaTeX document."""

from __future__ import annotations

import unicodedata

_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}

# Math symbols and Greek letters found in the papers' statements.
_MATH = {
    "α": r"\alpha",
    "β": r"\beta",
    "γ": r"\gamma",
    "δ": r"\delta",
    "ε": r"\varepsilon",
    "ζ": r"\zeta",
    "η": r"\eta",
    "θ": r"\theta",
    "ι": r"\iota",
    "κ": r"\kappa",
    "λ": r"\lambda",
    "μ": r"\mu",
    "ν": r"\nu",
    "ξ": r"\xi",
    "π": r"\pi",
    "ρ": r"\rho",
    "σ": r"\sigma",
    "τ": r"\tau",
    "φ": r"\varphi",
    "ϕ": r"\phi",
    "χ": r"\chi",
    "ψ": r"\psi",
    "ω": r"\omega",
    "Γ": r"\Gamma",
    "Δ": r"\Delta",
    "Θ": r"\Theta",
    "Λ": r"\Lambda",
    "Ξ": r"\Xi",
    "Π": r"\Pi",
    "Σ": r"\Sigma",
    "Φ": r"\Phi",
    "Ψ": r"\Psi",
    "Ω": r"\Omega",
    "≤": r"\le",
    "≥": r"\ge",
    "≠": r"\neq",
    "≈": r"\approx",
    "∞": r"\infty",
    "→": r"\to",
    "←": r"\leftarrow",
    "⇒": r"\Rightarrow",
    "⇔": r"\Leftrightarrow",
    "↦": r"\mapsto",
    "∈": r"\in",
    "∉": r"\notin",
    "⊂": r"\subset",
    "⊆": r"\subseteq",
    "∪": r"\cup",
    "∩": r"\cap",
    "∑": r"\sum",
    "∏": r"\prod",
    "∫": r"\int",
    "√": r"\surd",
    "∂": r"\partial",
    "∇": r"\nabla",
    "±": r"\pm",
    "×": r"\times",
    "·": r"\cdot",
    "∘": r"\circ",
    "‖": r"\|",
    "⌈": r"\lceil",
    "⌉": r"\rceil",
    "⌊": r"\lfloor",
    "⌋": r"\rfloor",
    "ℝ": r"\mathbb{R}",
    "ℕ": r"\mathbb{N}",
    "ℤ": r"\mathbb{Z}",
    "∀": r"\forall",
    "∃": r"\exists",
    "⟨": r"\langle",
    "⟩": r"\rangle",
    "≡": r"\equiv",
    "∝": r"\propto",
    "∼": r"\sim",
    "ℓ": r"\ell",
    "⁻": "^{-}",
    "ᵀ": "^{T}",
}
_SUPER = {"⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9"}
_SUB = {
    "₀": "0",
    "₁": "1",
    "₂": "2",
    "₃": "3",
    "₄": "4",
    "₅": "5",
    "₆": "6",
    "₇": "7",
    "₈": "8",
    "₉": "9",
    "ₜ": "t",
    "ᵢ": "i",
    "ⱼ": "j",
    "ₖ": "k",
    "ₙ": "n",
    "ₘ": "m",
    "ₛ": "s",
}
_TEXT = {
    "−": "-",
    "′": "'",
    "–": "--",
    "—": "---",
    "‘": "`",
    "’": "'",
    "“": "``",
    "”": "''",
    "…": r"\ldots{}",
    " ": " ",
    "\u2009": r"\,",
    "\u202f": r"\,",
    "é": r"\'e",
    "è": r"\`e",
    "ü": r"\"u",
    "ö": r"\"o",
    "ä": r"\"a",
}


def escape(text: str) -> str:
    """``text`` with LaTeX specials escaped and Unicode math rendered by math-mode macros.

    A character with no known rendering is replaced by its Unicode name in brackets,
    so the document always compiles and nothing is silently dropped.
    """
    parts: list[tuple[bool, str]] = []  # (is_math, text); adjacent math runs are merged
    for ch in text:
        if ch in _SPECIAL:
            parts.append((False, _SPECIAL[ch]))
        elif ord(ch) < 128:
            parts.append((False, ch))
        elif ch in _MATH:
            parts.append((True, _MATH[ch] + " "))
        elif ch in _SUPER:
            parts.append((True, f"^{{{_SUPER[ch]}}}"))
        elif ch in _SUB:
            parts.append((True, f"_{{{_SUB[ch]}}}"))
        elif ch in _TEXT:
            parts.append((False, _TEXT[ch]))
        else:
            base = unicodedata.normalize("NFKD", ch)
            if base and ord(base[0]) < 128 and base[0].isalnum():
                parts.append((False, base[0]))
            else:
                parts.append((False, f"[{unicodedata.name(ch, hex(ord(ch)))}]"))
    out, math = [], []
    for is_math, piece in parts + [(False, "")]:
        if is_math:
            math.append(piece)
            continue
        if math:
            out.append("${}{{}}$".format("".join(math).rstrip()))
            math = []
        out.append(piece)
    return "".join(out)
