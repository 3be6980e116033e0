"""Where the week stands: the program counter of the automatic steps, the decision that is open,
the kind of sequential phase and the indices of the week's decree modifiers."""

# Program counter: the next automatic step of the week (spec §3).
PC_MONDAY = 0
PC_TUESDAY = 1
PC_DECREES = 2  # resolve today's decrees (§3.3), then start the day's phase
PC_PHASE = 3  # start the day's phase
PC_SEQ = 4  # a sequential phase is running (§3.0.1)
PC_PHASE_END = 5  # the closing steps of the day's phase

# The decision that is open (none while automatic steps run).
D_NONE = 0
D_GOOD = 1  # setup: choose a starting good (single, public)
D_FAMILY = 2  # Tuesday: family cards (simultaneous, hidden)
D_VOTE = 3  # a decree vote (simultaneous, hidden)
D_MAYOR = 4  # the mayor breaks a tied vote (single, public)
D_SEQ = 5  # the active player's turn in a sequential phase
DECISION_NAMES = ("none", "start_good", "family_card", "vote", "mayor_tiebreak", "sequential")

# Sequential phases.
MARKET = 0
CRAFT = 1
LOADING = 2
RELIC_BUY = 3
RESERVE = 4
PHASES = ("market", "commission", "load", "relic_buy", "reserve")
PHASE_DAY = (3, 4, 5, 7, 7)

# Week modifiers set by adopted decrees (spec §3.3 step 5); reset on Monday.
M_STALL = 0  # toll - discount on every stall
M_STALL_LIMIT = 1  # 0 = no limit
M_DICE_NONE = 2
M_DICE_EXTRA = 3
M_FLAT = 4  # 0 = escalating commissions, else the flat member cost
M_LOAD_LIMIT = 5  # 0 = no limit
M_LOAD_FEE = 6
M_DEPART = 7  # extra - held
M_PAY = 8  # bonus - customs
M_RELIC = 9  # relic discount
M_NO_RESERVE = 10
N_MODS = 11
MOD_NAMES = ("stall_cost_delta", "stall_limit", "no_dice", "extra_dice", "flat_commission", "load_limit", "load_fee",
             "departures_delta", "payout_delta", "relic_discount", "no_reservation")

# Street fields, in the order a short council takes members from them (spec §3.2 step 4).
STREETS = ("st_tue", "st_wed", "st_thu", "st_harb")
STREET_NAMES = ("street_tue", "street_wed", "street_thu", "street_harbour")
