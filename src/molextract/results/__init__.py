"""Reading finished output: tables and structure files (``exports``) and the HTML ``report``."""
