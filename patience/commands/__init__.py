"""Sub-commands of the ``patience`` command line, one module per group.

Each module has ``register(subparsers)``, which adds its parsers and sets
``handler`` on each: a function taking the parsed arguments and returning the
exit status.
"""
