"""The compiler: public sources -> the committed ``data/`` files -> the database.

* :mod:`.sources` reads each public source into plain records (one adapter module per source)
  and compares the sources of original printings with the card archive (:mod:`.difference`).
* :mod:`.compile` merges them, applies ``data/curated/corrections.json`` and writes
  the deterministic ``data/`` files; :mod:`.settle` settles the differences by ordered, named
  rules and :mod:`.printdiff` turns them into printings; :mod:`.components` the special decks.
* :mod:`.datafiles` reads ``data/`` back; :mod:`.check` validates it;
  :mod:`.load` puts it into the database; :mod:`.bootstrap` decides once whether a
  database is current (schema, facts, search index) and brings it there.
"""
