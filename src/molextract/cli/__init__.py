"""The ``molextract`` command line: ``main`` holds the commands of a local run, ``service`` those of the job service, ``console`` what they print."""
