"""The extraction path, from a document to its checked records.

``pipeline`` drives it: ``chunking`` cuts a document into sentence-aligned chunks,
``quantities`` and the modules beside it find every stated value and its candidate
compounds in code, ``association`` asks the model only what each value is and
whose, and ``assessment`` turns each answer into a checked ``Record``. Nothing here
knows of files, HTTP or queues.
"""
