"""Writing a user's output file safely: one place for ``export -o`` and ``account --plot``."""

from __future__ import annotations

import os
import pathlib
import tempfile
from typing import Callable

from .errors import InputError


def replace_file(out: pathlib.Path, write: Callable[[str], None], *, command: str, suffix: str = "") -> None:
    """Call ``write(tmp)`` on a new temporary file beside ``out`` and rename it over ``out``.

    The rename replaces a symlink at ``out`` instead of writing through it, and a full device or any
    write error leaves neither a half-written ``out`` nor the temporary file: it raises
    :class:`InputError` naming ``command``, ``out`` and the reason (the CLI exits 2)."""
    parent = out.parent if str(out.parent) else pathlib.Path(".")
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=parent, prefix=f".{command}-", suffix=suffix)
        os.close(fd)
        write(tmp)
        os.replace(tmp, out)
        tmp = None
    except OSError as exc:
        raise InputError(f"{command}: could not write {out}: {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
