"""Tests of the translations, the help pages and ``patience rules``."""
