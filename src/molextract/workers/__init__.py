"""The job service's workers: a Celery app, the extraction task, dispatch and recovery.

Nothing is imported here on purpose: the API imports ``workers.dispatch`` (a plain
protocol) and must not pay for importing Celery, or need it, to serve its routes.
"""
