"""Reports: the self-contained HTML evaluation report, its figures, and a headless-browser check."""
