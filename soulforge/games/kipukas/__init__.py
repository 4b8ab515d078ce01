"""Kipukas (issue 18), being built: so far its data layer (``data.py``: the 56 published
cards, the typing chart, the motives, the recipes, deckbuilding, the authored starter decks).

It is not registered in ``soulforge.GAMES`` until the game is playable: the conformance
suite runs for every registered game.
"""
