"""The response headers of netlify.toml, so the local server and the tests serve exactly what Netlify will."""
import re
import tomllib
from pathlib import Path


def load_rules(toml_path: Path) -> list[tuple[re.Pattern, dict[str, str]]]:
    """[(compiled 'for' pattern, {header: value})] in file order."""
    config = tomllib.loads(toml_path.read_text())
    return [(for_pattern(rule["for"]), dict(rule.get("values", {}))) for rule in config.get("headers", [])]


def for_pattern(pattern: str) -> re.Pattern:
    """Netlify path pattern -> regex: '*' is a splat (any characters, slashes too), ':name' one segment."""
    out = []
    for token in re.split(r"(\*|:[A-Za-z_]\w*)", pattern):
        if token == "*":
            out.append(".*")
        elif token.startswith(":") and len(token) > 1:
            out.append("[^/]+")
        else:
            out.append(re.escape(token))
    return re.compile("^" + "".join(out) + "$")


def headers_for(rules, path: str) -> dict[str, str]:
    """Headers for a URL path; a later matching rule overrides an earlier one (as netlify-cli does)."""
    path = path.split("?", 1)[0].split("#", 1)[0]
    merged: dict[str, str] = {}
    for regex, values in rules:
        if regex.match(path):
            for name, value in values.items():
                for existing in [k for k in merged if k.lower() == name.lower()]:
                    del merged[existing]
                merged[name] = value
    return merged


def overlapping(rules, path: str) -> list[str]:
    """Header names set by more than one rule matching path (Netlify may join those: avoid them)."""
    seen: dict[str, int] = {}
    for regex, values in rules:
        if regex.match(path):
            for name in values:
                seen[name.lower()] = seen.get(name.lower(), 0) + 1
    return sorted(n for n, c in seen.items() if c > 1)
