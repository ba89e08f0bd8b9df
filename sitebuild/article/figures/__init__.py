"""Matplotlib SVG figures for the article, one module per subject; all pure functions of data."""
