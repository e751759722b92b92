"""A module-level app for Celery's own command line, configured from the environment.

``celery -A molextract.workers.celery_app worker`` runs the same worker as
``molextract worker`` (except that it does not migrate the database first);
``celery -A molextract.workers.celery_app inspect active`` and the other operator
commands work against it too. Nothing else imports this
module: the app is built when it is imported, from ``MOLEXTRACT_*`` settings.
"""

from molextract.config import get_settings
from molextract.workers.app import make_celery

app = make_celery(get_settings())
