"""The compiler: public sources -> the committed ``data/`` files -> the database.

* :mod:`.adapters` reads each public source format into plain records (one adapter per source).
* :mod:`.compile` merges them, applies ``data/curated/corrections.json`` and writes
  the deterministic ``data/`` files; :mod:`.printdiff` turns differences between
  sources into printings.
* :mod:`.datafiles` reads ``data/`` back; :mod:`.check` validates it;
  :mod:`.load` puts it into the database; :mod:`.bootstrap` decides once whether a
  database is current (schema, facts, search index) and brings it there.
"""
