"""A player's sheet: everything one seat owns, plus its per-round flags (spec §2.3, §3.8)."""

from __future__ import annotations

from .data import content

C = content()
R = C.rules
AGER = C.by_id["ager"].bid


class Player:
    __slots__ = (
        "gold", "fp", "goods", "bmask", "pmask", "prod_level", "ships", "hand", "reserved", "posts", "office",
        # per-round flags, reset in phase 8 (spec §3.8 step 2)
        "cats", "redemptor_used", "post_bought", "swapped", "trades", "bought", "sold", "com_used",
        "pegae_used", "offers", "preempted", "donated",
    )

    def __init__(self) -> None:
        self.gold = R.start_gold
        self.fp = 0
        self.goods = [0, 0, 0, 0, 0]
        self.bmask = 1 << AGER  # bit per building owned (Ager printed on the sheet)
        self.pmask = 1  # bit per good type produced (Ager: alimentary)
        self.prod_level = 1
        # ships: (size 0..2, location 0 = port / 1 = short box / 2 = long box, contract ids on board)
        self.ships: list[tuple[int, int, tuple[int, ...]]] = [(0, 0, ())]
        self.hand: list[int] = []
        self.reserved: list[tuple[int, int]] = []  # (contract id, round reserved)
        self.posts = 0
        self.office = -1
        self.reset_round()

    def reset_round(self) -> None:
        self.cats = 0  # bit per building category bought this round
        self.redemptor_used = False
        self.post_bought = False
        self.swapped = False
        self.trades = 0
        self.bought = 0  # bit per good bought at the market this round
        self.sold = 0
        self.com_used = 0  # bit per commercial building used this round
        self.pegae_used = False
        self.offers = 0
        self.preempted = False
        self.donated = False

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.gold = self.gold
        p.fp = self.fp
        p.goods = self.goods[:]
        p.bmask = self.bmask
        p.pmask = self.pmask
        p.prod_level = self.prod_level
        p.ships = self.ships[:]
        p.hand = self.hand[:]
        p.reserved = self.reserved[:]
        p.posts = self.posts
        p.office = self.office
        p.cats = self.cats
        p.redemptor_used = self.redemptor_used
        p.post_bought = self.post_bought
        p.swapped = self.swapped
        p.trades = self.trades
        p.bought = self.bought
        p.sold = self.sold
        p.com_used = self.com_used
        p.pegae_used = self.pegae_used
        p.offers = self.offers
        p.preempted = self.preempted
        p.donated = self.donated
        return p

    def owns(self, bid: int) -> bool:
        return bool(self.bmask >> bid & 1)

    def unused_posts(self) -> int:
        return self.posts - len(self.reserved)

    def goods_count(self) -> int:
        return sum(self.goods)
