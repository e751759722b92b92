"""API keys: issuing them, recognising their secrets, revoking them."""

from __future__ import annotations

import hashlib
import secrets

from sqlalchemy import select, update

from molextract.store.base import RepositoryBase, affected_rows
from molextract.store.models import ApiKey, utcnow

API_KEY_PREFIX = "mx_"


def hash_secret(secret: str) -> str:
    """SHA-256 is enough for API keys: they are 256-bit random, not guessable passwords."""
    return hashlib.sha256(secret.encode()).hexdigest()


class ApiKeyRepository(RepositoryBase):
    def create_api_key(self, name: str) -> tuple[ApiKey, str]:
        """A new key and its secret; the secret is shown once and never stored."""
        secret = API_KEY_PREFIX + secrets.token_urlsafe(32)
        key = ApiKey(name=name, key_hash=hash_secret(secret))
        with self._writing() as session:
            session.add(key)
        return key, secret

    def authenticate(self, secret: str) -> ApiKey | None:
        """The live key with this secret; looking up by hash leaks nothing through timing."""
        if not secret.startswith(API_KEY_PREFIX):
            return None
        with self._reading() as session:
            return session.scalars(
                select(ApiKey).where(
                    ApiKey.key_hash == hash_secret(secret), ApiKey.revoked_at.is_(None)
                )
            ).one_or_none()

    def revoke_api_key(self, api_key_id: int) -> bool:
        """Revoke a key (its jobs stay); ``False`` if it was unknown or already revoked."""
        with self._writing() as session:
            result = session.execute(
                update(ApiKey)
                .where(ApiKey.id == api_key_id, ApiKey.revoked_at.is_(None))
                .values(revoked_at=utcnow())
            )
            return bool(affected_rows(result))
