"""Helpers every layer shares and that know nothing of the game's rules or the database.

* :mod:`.text`: folding names for matching (case, accents), slugs, word parts.
* :mod:`.sanitize`: making untrusted text inert (control characters, CSV cells, names).
* :mod:`.vocabulary`: the catalogue's fixed value lists (card types, keywords, kinds, printings).
* :mod:`.resources`: where the package's shipped data and templates are.
"""
