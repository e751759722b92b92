"""Migration scripts, one per revision, applied in ``down_revision`` order."""
