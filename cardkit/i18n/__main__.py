"""``python -m cardkit.i18n extract|update|init LANG|compile|check [LANG…]``: keep the catalogues.

``python -m cardkit.i18n lint [PATH…]``: the learner-facing sentences written outside the
catalogue (and code that reads its own sentences) in the package, or in the files and folders
given; exits 1 when it finds any."""

from __future__ import annotations

import sys

from . import tools
from .catalogue import catalogue_languages


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    command, rest = argv[0], argv[1:]
    if command == "extract":
        print(tools.write_template())
    elif command == "update":
        tools.write_template()
        for path in tools.update_languages(rest or None):
            print(path)
    elif command == "init":
        for lang in rest:
            print(tools.init_language(lang))
    elif command == "compile":
        for path in tools.compile_all():
            print(path)
    elif command == "check":
        bad = 0
        for lang in rest or catalogue_languages():
            r = tools.check_language(lang)
            print(f"{lang}: {r.translated}/{r.entries} translated, {len(r.untranslated)} untranslated, "
                  f"{len(r.fuzzy)} fuzzy, {len(r.placeholder_mismatch)} with a placeholder changed")
            bad += not r.complete
        return 1 if bad else 0
    elif command == "lint":
        from . import lint

        found = lint.scan_paths(rest) if rest else lint.scan_tree()
        for finding in found:
            print(finding)
        print(f"{len(found)} finding(s)")
        return 1 if found else 0
    else:
        print(f"unknown command {command!r}\n{__doc__}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
