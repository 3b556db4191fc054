"""``python -m smashup_db ...`` runs the ``smashup`` command."""

from smashup_db.cli import main

main()
