"""Agent tests: greedy, ISMCTS, levels and fairness, on toy games and Five Realms."""
