"""The web app's server side (Voilà), beside the lessons.

* ``kernels.py`` — the kernel manager that ``etc/jupyter/voila.json`` names; it runs
  in the Voilà server, never in a lesson;
* ``urlparams.py`` — the page's address as a lesson reads it (``?deal=K7Q-29X``).

Importing this package imports nothing else: a lesson that reads its address does
not load the server's code.
"""
