"""``python -m molextract.cli``: the same program as the ``molextract`` command."""

from molextract.cli.main import app

app()
