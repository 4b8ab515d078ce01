"""The phases of a game: who decides and what about."""

SWAP, PICK, PLACE, KEEP, REFILL, MAIN, RESPONSE, POP, RETURN, EXIT, OVER = range(11)
SETUP = frozenset((SWAP, PICK, PLACE))
NAMES = ("swap", "pick", "place", "keep", "refill", "main", "response", "population", "return",
         "exit", "over")
