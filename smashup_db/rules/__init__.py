"""The game's rules, pure: no database, no files, no display words.

Formal draft and its formats, the faction pool, the base deck, scoring a base
(with the bases that have their own rule), the end of the game and player-name
input. Sources: the German rulebook (set-up, "Prügeln wir uns nach Regeln!",
scoring, "Aus und vorbei!") and the Cthulhu set's Madness rules. These modules
import nothing of smashup_db but :mod:`smashup_db.errors`.
"""
