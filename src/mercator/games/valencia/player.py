"""One seat's belongings: influence cards in every place they can be, coins, goods, privileges,
family members in the personal supply, victory points and task cards (spec §2 step 7, §3.12)."""

from __future__ import annotations

DRAWING, ASSIGNING, PLANNED = 0, 1, 2


class Player:
    __slots__ = (
        "pile", "known_bottom", "drawn", "hand", "pub_drawn", "assign", "nstacks", "stage", "stacks", "gone",
        "discard", "hidden", "hidden_known", "coins", "goods", "privileges", "supply", "vp", "dealt", "kept",
        "dropped",
    )

    def __init__(self, pile: list[int], coins: int, members: int) -> None:
        self.pile = pile  # top card is the last element
        self.known_bottom = 0  # the bottom cards whose values are public (returned cards)
        self.drawn: list[int] = []  # this round's draws in draw order
        self.hand: list[int] = []  # the drawn cards, highest first (step B order)
        self.pub_drawn: list[int] = []  # drawn cards whose values opponents know (drawn from the known bottom)
        self.assign: list[int] = []  # stack index chosen for hand[i] (step B so far)
        self.nstacks = 0
        self.stage = PLANNED
        self.stacks: list[list[int]] = []  # formed at the end of planning
        self.gone = 0  # bit per stack already revealed
        self.discard: list[int] = []  # face-up discards (public)
        self.hidden: list[int] = []  # face-down discards (unrevealed stacks at round end)
        self.hidden_known: list[int] = []  # values in ``hidden`` that opponents know
        self.coins = coins
        self.goods = [0, 0, 0, 0, 0]
        self.privileges = 0
        self.supply = members
        self.vp = 0
        self.dealt: list[int] = []
        self.kept: list[int] = []
        self.dropped: list[int] = []

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.pile = self.pile[:]
        p.known_bottom = self.known_bottom
        p.drawn = self.drawn[:]
        p.hand = self.hand[:]
        p.pub_drawn = self.pub_drawn[:]
        p.assign = self.assign[:]
        p.nstacks = self.nstacks
        p.stage = self.stage
        p.stacks = [s[:] for s in self.stacks]
        p.gone = self.gone
        p.discard = self.discard[:]
        p.hidden = self.hidden[:]
        p.hidden_known = self.hidden_known[:]
        p.coins = self.coins
        p.goods = self.goods[:]
        p.privileges = self.privileges
        p.supply = self.supply
        p.vp = self.vp
        p.dealt = self.dealt[:]
        p.kept = self.kept[:]
        p.dropped = self.dropped[:]
        return p

    def open_stacks(self) -> list[int]:
        """Indices of the stacks still face down this round."""
        return [k for k in range(len(self.stacks)) if not self.gone >> k & 1]

    def has_open_stack(self) -> bool:
        return self.gone != (1 << len(self.stacks)) - 1

    def cards_in_play(self) -> list[int]:
        """Cards of this round not yet revealed: the unstacked draws or the face-down stacks."""
        if self.stacks:
            return [v for k in self.open_stacks() for v in self.stacks[k]]
        return self.drawn[:]
