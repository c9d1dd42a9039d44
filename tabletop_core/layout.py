"""Named offsets of a flat state array, handed out in order."""


class Offsets:
    """Allocates consecutive blocks of a state array: `RNG = offsets.block(4)`."""

    def __init__(self) -> None:
        self.size = 0

    def block(self, size: int = 1) -> int:
        """The offset of a new block of `size` slots."""
        start = self.size
        self.size += size
        return start
