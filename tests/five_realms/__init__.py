"""Five Realms rule scenarios (rulebook five_realms.txt, CLARIFICATIONS.md)."""
