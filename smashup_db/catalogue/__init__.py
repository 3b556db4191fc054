"""The catalogue: compile public sources into ``data/``, check it, load it.

* :mod:`.sources` reads each public source format into plain records.
* :mod:`.compile` merges them, applies ``data/curated/corrections.json`` and
  writes the deterministic ``data/`` files.
* :mod:`.datafiles` reads ``data/`` back; :mod:`.check` validates it;
  :mod:`.load` puts it into the database.
"""
