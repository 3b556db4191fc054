"""The read side of the catalogue: facts in memory and the view a command asks for.

* :mod:`.model`: the immutable read model, loaded from the database in a few queries.
* :mod:`.view`: :class:`~.view.Catalogue`, the model in one display language (plain dicts for ``--json``).
* :mod:`.names`: the one name matcher (English and German, folded, with suggestions).
* :mod:`.printing`: which printing's facts apply (original, current, German edition).
* :mod:`.editions`, :mod:`.coverage`: the German edition's boxes; how far translations have come.

Never reads user data (collection, game log): what a group owns is passed in.
"""
