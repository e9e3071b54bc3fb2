"""``python -m cardkit.app``: the lessons as a web app (what ``make app`` runs)."""

from .server import main

if __name__ == "__main__":
    main()
