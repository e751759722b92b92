"""Alembic migrations of the store; run them with :func:`molextract.store.db.upgrade`."""
