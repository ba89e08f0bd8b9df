"""Content hashes for long-lived caching: a file's name changes exactly when its bytes do."""
import hashlib
from pathlib import PurePosixPath

HASH_LEN = 10


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:HASH_LEN]


def hashed_name(rel_path: str, data: bytes) -> str:
    """'js/app.js' -> 'js/app.1a2b3c4d5e.js' (the hash sits before the last suffix)."""
    p = PurePosixPath(rel_path)
    return str(p.with_name(f"{p.stem}.{content_hash(data)}{p.suffix}"))
