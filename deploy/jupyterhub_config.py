"""JupyterHub for a whole school: every learner logs in and lands on the start-here lesson.

Each learner gets their own Jupyter server (started by the hub), with Voilà running inside it
as a server extension, so the lessons show as the same app as `make app` — code hidden, no
request leaving the school's network. Run it with:

    jupyterhub -f deploy/jupyterhub_config.py

on a machine where the project is checked out at CARDKIT_DIR (default /srv/cardkit) and
installed (`pip install -e '.[app]' jupyterhub jupyterhub-idle-culler` in the Python that
the hub and the learners' servers use). Every setting is explained in README.md,
"Beyond one machine".
"""

import os
import sys

c = get_config()  # noqa: F821  (provided by JupyterHub when it reads this file)

CARDKIT = os.environ.get("CARDKIT_DIR", "/srv/cardkit")

# -- what a learner's server shows ---------------------------------------------------------
# Lessons are read, never written: every learner runs the same, shared folder.
c.Spawner.notebook_dir = f"{CARDKIT}/lessons"
# After login, open the start-here lesson in Voilà instead of JupyterLab.
c.Spawner.default_url = "/voila/render/00_start_here.ipynb"
c.Spawner.environment = {
    # the project's offline page template (share/jupyter/voila/templates/cardkit)
    "JUPYTER_PATH": f"{CARDKIT}/share/jupyter",
    # etc/jupyter/voila.json (template, code hidden, friendly errors) and
    # etc/jupyter/jupyter_server_config.json (no MathJax CDN, idle kernels culled)
    "JUPYTER_CONFIG_PATH": f"{CARDKIT}/etc/jupyter",
}
# A learner's server with one lesson open uses about 170-220 MB; enforced only by
# spawners that can (containers, systemd), advisory otherwise.
c.Spawner.mem_limit = "1G"
c.Spawner.cpu_limit = 1

# -- who may log in ------------------------------------------------------------------------
# For a short workshop: one class password, any user name. For a school, use its own
# login instead (LDAP, OAuth: see the JupyterHub documentation on authenticators).
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ.get("CARDKIT_CLASS_PASSWORD", "")
# any user name with the class password (JupyterHub 5+ lets nobody in unless told so)
c.Authenticator.allow_all = True

# -- freeing memory ------------------------------------------------------------------------
# Stop a learner's whole server after an hour without activity (their kernels are already
# culled after 10 minutes by etc/jupyter/jupyter_server_config.json).
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=3600"],
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]

# -- where it listens ----------------------------------------------------------------------
# The school's network reaches the hub on port 8000; put HTTPS in front of it (a reverse
# proxy) when it is reachable from outside the school.
c.JupyterHub.bind_url = os.environ.get("CARDKIT_HUB_URL", "http://0.0.0.0:8000")
