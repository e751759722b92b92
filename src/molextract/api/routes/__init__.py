"""One module per resource: ``jobs``, ``schemas``, and ``health`` (probes and metrics)."""
