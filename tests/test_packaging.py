"""The project's set-up files agree with each other, and the engine stays free of Jupyter."""

import ast
import pathlib
import re
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parents[1]

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[ ]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _bound(requirement: str) -> str | None:
    m = re.search(r">=\s*([\w.]+)", requirement)
    return m.group(1) if m else None


def test_environment_yml_lists_what_pyproject_lists():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        wanted += extra
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = [d for d in env["dependencies"] if isinstance(d, str)]
    for d in env["dependencies"]:  # packages installed by pip inside the environment
        if isinstance(d, dict):
            conda += [r.split("#")[0].strip() for r in d.get("pip", []) if not r.startswith("-")]
    conda_by_name = {_name(d): d for d in conda}
    for req in wanted:
        name = _name(req)
        names = ["dask", "distributed"] if name == "dask" else [name]
        for n in names:
            assert n in conda_by_name, f"{n} is in pyproject.toml but not in environment.yml"
            assert _bound(conda_by_name[n]) == _bound(req), f"{n}: the lower bounds differ"
    pip_names = {_name(r) for r in wanted} | {"python", "pip", "distributed"}
    for n in conda_by_name:
        assert n in pip_names, f"{n} is in environment.yml but not in pyproject.toml"


def test_engine_imports_no_jupyter_package():
    banned = {"ipywidgets", "IPython", "matplotlib", "ipykernel", "traitlets", "voila", "jupyter_server"}
    front_end = {"widgets", "classroom", "app"}   # the packages that may import them
    for path in (ROOT / "cardkit").rglob("*.py"):
        if front_end & set(path.relative_to(ROOT / "cardkit").parts):
            continue
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                mods = [node.module]
            else:
                continue
            for m in mods:
                assert m.split(".")[0] not in banned, f"{path.relative_to(ROOT)} imports {m}"
