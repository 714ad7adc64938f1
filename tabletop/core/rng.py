"""A small seeded random generator whose whole state is two integers.

The state lives in the table state, so it saves, syncs and undoes with everything else; splitmix64 is used because
its state is a counter, which makes "rewind the RNG" a plain assignment.
"""

from __future__ import annotations

__all__ = ["MASK64", "Rng"]

MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Rng:
    """Deterministic generator: `seed` fixes the stream, `counter` is how far along it we are."""

    __slots__ = ("seed", "counter")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed & MASK64
        self.counter = counter

    def next64(self) -> int:
        self.counter += 1
        return _mix((self.seed + self.counter * _GAMMA) & MASK64)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = MASK64 - (MASK64 + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def permutation(self, n: int) -> list[int]:
        """A uniformly random permutation of range(n) (Fisher-Yates).

        `below` and `next64` written out in the loop (the same numbers in the same order): a shuffle draws once per
        card, and three calls per draw were most of a shuffle's cost."""
        order = list(range(n))
        seed, counter = self.seed, self.counter
        for i in range(n - 1, 0, -1):
            m = i + 1
            limit = MASK64 - (MASK64 + 1) % m
            while True:
                counter += 1
                z = (seed + counter * _GAMMA) & MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                x = z ^ (z >> 31)
                if x <= limit:
                    break
            j = x % m
            order[i], order[j] = order[j], order[i]
        self.counter = counter
        return order

    def token(self) -> str:
        """A random hex string, for secrets generated on the host."""
        return f"{self.next64():016x}{self.next64():016x}"
