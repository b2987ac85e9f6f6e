"""Paper encodings: one module per paper, each defining a module-level ``Paper``.

This package knows nothing about the command line, printing or files; it only
builds :class:`symbolic.Formula` and claim objects.
"""
