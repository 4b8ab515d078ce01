"""What every game's SVG board shares: the size of a tap.

A phone shows a board at its own size, one SVG unit a CSS px, panning sideways (the table
page's style): so anything a board lets the player click is at least ``TAP`` units wide and
high, where its drawing is smaller through an invisible ``hit_area``.
"""

from __future__ import annotations

TAP = 44
"""The smallest tappable size in SVG units: 44 CSS px on a phone (WCAG 2.5.5, Apple, Material)."""


def hit_area(x: float, y: float, width: float, height: float) -> str:
    """An invisible rect over the box ``(x, y, width, height)``, widened about its centre to
    ``TAP`` in each dimension that is smaller. Put it inside the element carrying the
    ``data-handle``: a tap on it is a tap on the element.

    >>> hit_area(10, 20, 58, 20)
    '<rect class="hit" x="10" y="8" width="58" height="44" fill="transparent" stroke="none"/>'
    """
    wide, high = max(width, TAP), max(height, TAP)
    left, top = x - (wide - width) / 2, y - (high - height) / 2
    return (f'<rect class="hit" x="{left:g}" y="{top:g}" width="{wide:g}" height="{high:g}" '
            'fill="transparent" stroke="none"/>')


def wrap(text: str, width: int) -> list[str]:
    """Words in lines of at most ``width`` characters (a longer word keeps a line of its own):
    a name drawn on a card or a panel, cut into lines rather than squeezed.

    >>> wrap("Hilbert: King of Avian Frogs", 14), wrap("Offspring", 13)
    (['Hilbert: King', 'of Avian Frogs'], ['Offspring'])
    """
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
