"""The author's earlier measurements (history.json), quoted by the article, not recomputed."""
import json

from .. import paths

HISTORY = paths.SITE_SRC / "content" / "article" / "history.json"


def history() -> dict:
    return json.loads(HISTORY.read_text())
