"""Bulk runs and where their output goes: in this process (``local``), through the job service (``remote`` with its HTTP ``client``), and the JSONL ``sinks`` both write to."""
