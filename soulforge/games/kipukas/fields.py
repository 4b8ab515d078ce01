"""The fields of a Kipukas state, declared (``KipukasState`` in ``state.py`` holds the code).

A module of its own, left pure (``tools/build_native.py`` EXCLUDED) so that ``state.py``
compiles: mypyc turns a compiled class's annotations into runtime types (``list`` for
``list[list[str]]``, the class object of ``game: Kipukas``, not yet made while ``game.py`` is
mid-import: a crash at import), and the core's ``ClonePlan`` copies each field by its
declared type, read from these annotations as written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from soulforge.core.action import Action
from soulforge.core.state import State
from soulforge.games.kipukas.board import KipukaMap

if TYPE_CHECKING:
    from soulforge.games.kipukas.game import Kipukas


class KipukasFields(State):
    """Every field of a Kipukas state, with what it holds (see ``state.py`` for the pieces
    and the views)."""

    game: Kipukas
    board: KipukaMap
    decklists: list[list[str]]
    deck: list[list[str]]
    hand: list[list[str]]
    discard: list[list[str]]
    mutants: list[list[int]]
    """Mutant Hide and Seek cards in play: [seat, failures, territory played against] (seat -1
    once led away)."""
    portal: list[list[int]]
    """Hidden Portal journeys (``portal.py``): [seat, piece, cave, played, stage, injuries, step 4]."""
    dealing: list[int]
    """The failed Breach's prisoners being dealt with (``breach.py``): [holder, their seat,
    territory, taken so far (-1 once releasing)]; empty for none."""
    laying: list[int]
    """The Hidden Portal's success being chosen (``portal.py``): [seat, territories left, the
    anted soul]; empty for none."""
    bs: list[int]
    """The equip or craft open to a challenge (#BS, optional; ``bs.py``): [mover, piece, hand slot
    (-1 for a craft), seats still to decide...]; empty for none."""
    bs_item: str
    """The item of that equip, or the recipe's marker (``recipe:<n>``) of that craft."""
    boat_at: list[str]
    """The stand each boat of the map last landed on (``boats.py``)."""
    boat_used: list[int]
    """The cycle each boat last crossed (once a day)."""
    tunnels: list[tuple[str, str]]
    """Underground tunnels dug in play (#habitat_effects, underground), between two camp stands."""
    snares: list[list[int]]
    """Crafted traps (``crafted.py``): ``[seat, territory, recipe, carrier, shown]``; a carried one
    (carrier a piece, else -1) rides in its Bag on stick; shown: 1 once it has sprung."""
    carried: dict[int, int]
    """Trap cards a soul carries (#traps: 'Once laid, these cards can be moved by a soul'; the
    trap piece, off the map while carried, -> its carrier; ``crafted.py``)."""
    bombs: list[list[int]]
    """Bee Bombs launched by a bow (``crafted.LaunchRule``): ``[seat, territory, cycles, recipe]``."""
    stuck: list[int]
    """Souls snared until rescued (the Snare Trap)."""
    shooting: bool
    """The fight in progress is a ranged attack (``crafted.ShootRule``)."""
    lights_out: int
    """The last cycle in which souls moved by a light may strike first (``crafted.first_strike``)."""
    tunnel_diggers: list[int]
    """The piece that dug each tunnel of ``tunnels`` (its collapse is rolled when it is wasted)."""
    rogues: dict[int, int]
    """Rogue pieces (``rogue.py``) and the seat that played each."""
    tamed: dict[int, int]
    """Rogues tamed by a seat (``taming.py``) and the seat that played each (its discard)."""
    tamers: list[int]
    """Seats still to decide, at the day's start, whether to tame a rogue (#taming)."""
    negotiated: list[int]
    """Per seat, the cycle of its last gift or trade offer (``negotiation.py``, once a day)."""
    offer: list[int]
    """The trade offered, ``[giver, slot, taker]`` (empty for none)."""
    beaten_by: list[int]
    """Per seat, the rogue piece that defeated it by clearing its capital while it held no
    base camp (#rouge), else -1: the seat acts no more."""
    dual_defeat: bool
    lost: list[int]
    """Per seat, its souls defeated (wasted) so far (``styles.tally``)."""
    kills: list[int]
    """Per seat, the souls it defeated in fights so far (``styles.tally``)."""
    out: list[bool]
    """Per seat, removed from the game by its play style (The cost is too great)."""
    mark: list[int]
    """The play style's marks (``styles.py``): King of the hill's [hill, holder, cycles held]."""
    """The game ended with such a rogue neither defeated nor tamed: every seat loses (#rouge)."""
    personal: list[str]
    """Each seat's personal effect card ("" for the default effect), public with the deck list."""
    personal_used: list[int]
    """The cycle each seat last used its personal effect."""
    suspended: int
    """The territory whose actions are suspended this turn (Suspended Animation), 0 for none."""
    aside: list[str]
    """The default personal effect's card per seat ("" when none)."""
    affinity: list[str]
    capital: list[list[int]]
    """Per seat, the territories that are its capitals (#capital; What Do You See in the Breach
    can give a seat a second one and leave another with none)."""
    breach: list[list[int]]
    """What Do You See in the Breach in play (``breach.py``): ``[seat, victim, territory,
    deadline, release]`` (``release`` 0 while the virus is open, else the cycle the prisoners
    are dealt with)."""
    holder: list[int]
    """By territory index (territory - 1): the seat holding it, -1 for none."""
    # -- pieces --------------------------------------------------------------------
    card: list[str]
    owner: list[int]
    stand: list[str]
    """A piece's stand ("" once it left the map); traps and features use their territory's first stand."""
    territory: list[int]
    revealed: list[bool]
    known: list[int]
    injuries: list[list[int]]
    """Per soul piece, injuries per KEAL means."""
    played_cycle: list[int]
    played_unrevealed: list[bool]
    steps_used: list[int]
    spent_cycle: list[int]
    """The cycle in which the soul lost an attack (it attacks no more that cycle)."""
    swum_cycle: list[int]
    on_map: list[bool]
    prisoner: list[bool]
    loiter_since: list[int]
    dropped: list[list[str]]
    """By territory index: dropped item stacks, ``"<owner>|<item>,<item>..."`` (#items)."""
    items: list[list[str]]
    """Item cards (or a recipe's name, "recipe:<n>") equipped to a soul piece."""
    timers: list[dict[str, int]]
    """Per piece, one counter per effect that counts (healing every other cycle, a countdown...)."""
    # -- the turn ------------------------------------------------------------------
    cycle: int
    diel: str
    initiative: int
    called: int
    active: int
    done: list[bool]
    played: list[int]
    night_used: list[list[str]]
    phase: str
    setup_order: list[int]
    votes: list[bool]
    """The forced peace's convention so far, in seat order from initiative: True keeps the peace."""
    turners: list[int]
    """Seats still to decide whether to turn this cycle's roll (Rooster, Gray Wolf, Cartesian Sea)."""
    due: list[list[str]]
    """Per seat: stands of contention carried over, to attack from or retreat from first."""
    # -- a fight -------------------------------------------------------------------
    attacker: int
    defender: int
    fight_stand: str
    means: list[int]
    secret: bool
    """Whether the attacker's means (``means[0]``) is a choice the defender has not seen yet."""
    keal_memory: dict[str, int]
    """This cycle's KEAL means choices, "attacker>defender" -> means: a choice holds for all
    combat between the two souls that day (#ce_defense_action)."""
    fought: list[list[str]]
    """Per seat, the soul cards it played in combat this game (attacking or attacked: a bout the
    seats decide, a shot, a rogue's fight settled within one action), in first-seen order: the
    loyalty trace (#affinity, ``affinity.game_growth``)."""
    reroll: list[int]
    """A re-roll to decide (``fight.decide_reroll``, the ``REROLL`` step): [bout or Final Blow,
    side deciding, attack total, defence total, the attack's and the defence's additions, the
    Final Blow's wins, losses and rounds needed]; empty for none."""
    responder: int
    retreat_piece: int
    retreat_to: str
    retreat_group: list[int]
    """The souls retreating with ``retreat_piece`` (a group retreat: one roll for all)."""
    retreat_from: str
    may_stop: bool
    mover: int
    claimant: int
    """The soul whose move started the exchange: it claims the camp if the stand is won."""
    protected: list[int]
    """By territory index: the last cycle it cannot be taken (a sabotage's result), 0 for none."""
    wasteland: list[bool]
    tired_cycle: list[int]
    """Per piece: the last cycle through which the soul cannot move, retreat or attack (a
    card's effect: Oly's potion, the cats, the mutant)."""
    """The seat whose action started the exchange (the turn passes on from it)."""
    exchange: list[str]
    _listed_reaches: tuple[Sequence[Action], dict[int, Mapping[str, tuple[str, ...]]]] | tuple[()] = ()
    """The fast day listing's list with each listed soul's reach: the move made from that very
    list takes its way from there (``day.listed_way``); a class default, not a field (a clone
    shares it with the list it goes with)."""
    winner: int | None
    finished_by: str
    starter: int
