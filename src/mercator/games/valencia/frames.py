"""Operations on the state's op stack: automatic steps and the decisions that wait for a seat.

An op is a tuple ``(kind, seat, arg)``; the rules pop them from the end of ``state.ops``. A
decision op whose seat has no real choice (nothing but "decline") resolves by itself."""

# decisions
BID_TURN = 0  # the head of the auction queue reveals, passes or defers
SEAT = 1  # (SEAT, seat, council seat): take_seat / decline
PLACE = 2  # (PLACE, seat, guild): place(space) / decline
APPRENTICE = 3  # (APPRENTICE, seat, guild): take_good / place(space) / nothing
SELL = 4  # (SELL, seat, 0): sell(guild) ... sell_done
MOVE = 5  # (MOVE, seat, 0): move(from, to) / decline
RETURN = 6  # (RETURN, seat, 0): return_card(value) / no_return
BONUS = 7  # (BONUS, seat, 0): place_bonus_piece(dot)
LANDMARK = 8  # (LANDMARK, seat, landmark index): place_landmark(site)
# automatic steps
GOOD = 10  # (GOOD, seat, guild): take one good if the supply has one
DISCARD = 11  # end of an auction: discard the revealed cards
STEP = 12  # (STEP, -1, step index): start an auction step of the round card
ROUND_END = 13  # discard face-down stacks, then the builds
COUNCIL = 14  # council phase, then the next round or final scoring

DECISIONS = frozenset({BID_TURN, SEAT, PLACE, APPRENTICE, SELL, MOVE, RETURN, BONUS, LANDMARK})
NAMES = {BID_TURN: "auction turn", SEAT: "council seat", PLACE: "city placement", APPRENTICE: "apprentice reward",
         SELL: "selling goods", MOVE: "relocation", RETURN: "card return", BONUS: "bonus piece build",
         LANDMARK: "landmark build"}

# phases
KEEP_TASKS, PLANNING, ACTION, OVER = range(4)
PHASES = ("setup_tasks", "planning", "action", "game_over")
