"""The values of the state's coded fields: the decision points and the ``known`` bits.

``phase`` names the decision in progress (``view["phase"]``; the flow's step names);
``known[card]`` is a bit mask of the seats that know a card's character.
"""

PLACE = "place"
CHOOSE = "choose banner"
DECIDE = "recruit or influence"
HIRE = "recruit"
DISMISS = "dismiss"
IMPERIAL = "imperial"
FIGHT = "steal or destroy"
WITCH = "witch"
OVER = "over"
PHASES = (PLACE, CHOOSE, DECIDE, HIRE, DISMISS, IMPERIAL, FIGHT, WITCH, OVER)

PUBLIC = 1 << 7
"""``known`` bit: every seat and spectators know this card's character."""
EVERYONE = 0xFF
"""``known`` mask of a public card (the PUBLIC bit and every seat's bit)."""
