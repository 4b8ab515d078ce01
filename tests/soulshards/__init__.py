"""Soulshards rule scenarios (rulebook soulshards_broken_alliance.txt, CLARIFICATIONS.md)."""
