"""Build the static site: pages, hashed assets, self-hosted Pyodide, packaged engine, dev server."""
