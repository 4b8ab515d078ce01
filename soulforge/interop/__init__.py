"""Research interfaces over the same rules: PettingZoo, Gymnasium and OpenSpiel.

Optional extras (``pip install -e '.[interop]'``): numpy, pettingzoo, gymnasium, open-spiel.
Nothing in the engine imports this package. The observation and information-state tensors
and action masks that all three adapters share are in :mod:`soulforge.interop.observation`
(each game's fields written by its own ``observation.py``), factored actions in
:mod:`soulforge.interop.actions`; the layouts are in ``soulforge/interop/README.md``.
"""
