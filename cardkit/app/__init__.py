"""The web app's server side (Voilà), beside the lessons.

* ``server.py`` — ``python -m cardkit.app`` (what ``make app`` runs): Voilà with classroom
  mode, caps, kernel owners, host names and a plain page when the class is full;
* ``access.py`` — the owners, caps and host names themselves (no server needed to test them);
* ``kernels.py`` — the kernel manager ``etc/jupyter/voila.json`` names, and the class's pools;
  it runs in the server, never in a lesson;
* ``urlparams.py`` — the page's address as a lesson reads it (``?deal=K7Q-29X``).

Importing this package imports nothing else: a lesson that reads its address does not load the
server's code (nor Voilà's, nor the Jupyter server's).
"""
