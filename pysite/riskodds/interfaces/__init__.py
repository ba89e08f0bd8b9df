"""Layer 7, interfaces: JSON encoding, the JSON API the browser calls, describe(), and the command line."""
