"""The flood limit: a token bucket per connection, counted on each frame's arrival time."""

from __future__ import annotations

__all__ = ["FloodGate"]


class FloodGate:
    """A token bucket counted on each frame's arrival time: `rate` a second sustained, `burst` above it.

    The host's reader owns one per connection and asks it as each frame comes off the socket, so a host busy with
    something else neither lets a flood through nor holds an honest client's queued frames against it.
    """

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = burst, now

    def admit(self, at: float) -> bool:
        """Count one frame that arrived at `at`; False when it is over the limit."""
        if at > self.stamp:
            self.tokens = min(self.burst, self.tokens + (at - self.stamp) * self.rate)
            self.stamp = at
        self.tokens -= 1
        return self.tokens >= 0
