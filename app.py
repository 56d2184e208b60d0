"""Entry point: ``flask --app app run`` or ``gunicorn app:app``."""

from chessviz.web import create_app

app = create_app()
