"""API keys: only a hash of the secret is stored."""

from __future__ import annotations

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from molextract.store import (
    ApiKey,
    Repository,
)


def test_api_keys_store_only_a_hash(repo: Repository, engine: Engine) -> None:
    key, secret = repo.create_api_key("ci")
    assert secret.startswith("mx_") and len(secret) > 40
    with Session(engine) as session:
        stored = session.scalars(select(ApiKey)).one()
    assert stored.key_hash != secret and len(stored.key_hash) == 64
    assert secret not in stored.key_hash
    authenticated = repo.authenticate(secret)
    assert authenticated is not None and authenticated.id == key.id
    assert repo.authenticate(secret + "x") is None
    assert repo.authenticate("Bearer " + secret) is None
    assert repo.revoke_api_key(key.id) is True
    assert repo.revoke_api_key(key.id) is False
    assert repo.authenticate(secret) is None
