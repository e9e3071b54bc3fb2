"""axe-core in the browser tests: the WCAG 2.1 A and AA rules and axe's best practices.

axe-core comes from a registry package, never from the network at run time: the PyPI
package ``axe-playwright-python`` (in the ``test`` extra) ships ``axe.min.js``, which is
injected into the page under test with ``page.add_script_tag(path=...)``.

    violations = run_axe(page)
    assert not violations, violations_text(violations)
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

#: The rule sets run on every page: WCAG 2.0 and 2.1, levels A and AA, and best practices.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
#: The oldest axe-core these tests accept.
MIN_AXE_VERSION = (4, 10)


def axe_script() -> Path:
    """The ``axe.min.js`` that the ``axe-playwright-python`` package ships."""
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or spec.origin is None:
        raise RuntimeError("the test package 'axe-playwright-python' is missing: run `make test`")
    path = Path(spec.origin).with_name("axe.min.js")
    if not path.is_file():
        raise RuntimeError(f"axe-playwright-python has no axe.min.js at {path}")
    return path


def axe_version(page) -> tuple[int, ...]:
    """The version of the axe-core running in ``page`` (injecting it first if need be)."""
    _inject(page)
    text = page.evaluate("() => window.axe.version")
    return tuple(int(x) for x in text.split(".")[:3])


def _inject(page) -> None:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe_script()))


_RUN_JS = """
async ([tags]) => {
  const result = await window.axe.run(document, {
    runOnly: { type: 'tag', values: tags },
    resultTypes: ['violations'],
  });
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map(n => ({ target: n.target.map(String), html: n.html.slice(0, 300),
                               summary: (n.failureSummary || '').slice(0, 600) })),
  }));
}
"""


def run_axe(page) -> list[dict]:
    """Run axe-core on the whole page now; the violations found (``[]`` when clean).

    Each violation: ``{"id", "impact", "help", "helpUrl", "nodes": [{"target", "html",
    "summary"}]}``."""
    _inject(page)
    return page.evaluate(_RUN_JS, [AXE_TAGS])


def node_count(violations: list[dict]) -> int:
    """How many elements the violations name, all rules together."""
    return sum(len(v["nodes"]) for v in violations)


def violations_text(violations: list[dict], where: str = "the page", max_nodes: int = 6) -> str:
    """The violations as a learner's teacher could read them: one block per rule, with
    the elements (CSS selectors and their markup) and what axe says to fix."""
    if not violations:
        return f"{where}: no axe-core violations"
    lines = [f"{where}: {len(violations)} axe-core rule(s) violated on {node_count(violations)} element(s)"]
    for v in violations:
        lines.append(f"- [{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} element(s))")
        for n in v["nodes"][:max_nodes]:
            lines.append(f"    at {' '.join(n['target'])}")
            lines.append(f"       {n['html']}")
            summary = " ".join(n["summary"].split())
            if summary:
                lines.append(f"       {summary[:300]}")
        if len(v["nodes"]) > max_nodes:
            lines.append(f"    … and {len(v['nodes']) - max_nodes} more")
    return "\n".join(lines)
