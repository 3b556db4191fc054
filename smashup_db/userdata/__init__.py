"""What belongs to the user and survives every rebuild: collection, game log, presets, backups.

* :mod:`.collection`, :mod:`.gamelog`, :mod:`.presets`: the user's tables.
* :mod:`.backup`, :mod:`.envelope`: exports and imports of them (JSON, CSV).
* :mod:`.recover`: moving all user data out of a damaged database into a fresh one.
"""
