"""The build step setuptools cannot say in pyproject.toml: the gettext catalogues
(``cardkit/i18n/locale/*/LC_MESSAGES/*.po``, and the lessons' own under
``lessons/locale``) are compiled to ``.mo`` files when the package is built or
installed (editable installs included)."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def compile_catalogues() -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for root in (HERE / "cardkit" / "i18n" / "locale", HERE / "lessons" / "locale"):
        for po in sorted(root.glob("**/LC_MESSAGES/*.po")):
            with po.open("rb") as f:
                catalog = read_po(f)
            with po.with_suffix(".mo").open("wb") as f:
                write_mo(f, catalog, use_fuzzy=False)


class BuildWithCatalogues(build_py):
    """``build_py`` that compiles the catalogues first."""

    def run(self) -> None:
        compile_catalogues()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
