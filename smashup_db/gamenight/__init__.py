"""Game-night glue: from a person's options to the rules and back to what is printed.

* :mod:`.options`: presets, bans, recent games and owned boxes turned into a draft pool.
* :mod:`.session`: a draft session (state, seed, copies owned), base deck, bases to lay out, boxes to pull.
* :mod:`.share`: the shareable result page (markdown, HTML).
"""
