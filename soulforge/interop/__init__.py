"""Research interfaces over the same rules: PettingZoo, Gymnasium and OpenSpiel.

Optional extras (``pip install -e '.[interop]'``): numpy, pettingzoo, gymnasium, open-spiel.
Nothing in the engine imports this package. The observation tensors and action masks that
all three adapters share are in :mod:`soulforge.interop.observation`; the layout is in
``soulforge/interop/README.md``.
"""
