"""The Wilson score interval of a proportion: the odds of a position, the win rate of a survey.

>>> wilson(50, 100)
(0.4038..., 0.5961...)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math
from typing import Final

Z95: Final = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)
