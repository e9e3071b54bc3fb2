"""Words of the lesson pages' own frame: the language menu and its first-visit offer.
(English source; the lessons' prose has catalogues of its own, see
:mod:`cardkit.i18n.lessons`.)"""

from ..define import text

text("lessons.language_menu", "Language")
text("lessons.language_offer", "These lessons are also in {language}.")
text("lessons.language_switch", "Read them in {language}")
