"""The web app's pages: a page refused (a full class, too many tabs, no such lesson, a wrong
address) and the notice a lesson page shows when its game stops on the server."""

from ..define import text

# A page that cannot have a kernel (HTTP 503), by reason: a title and a sentence.
text("app.full.title", "This class is full")
text("app.full.text", "This class is full — wait a minute and reload, or ask your teacher.")
text("app.per_browser.title", "Too many lesson pages open")
text("app.per_browser.text", "This browser already has as many lesson pages open on this server as it may. "
                             "Close one of the other lesson tabs, then reload this page.")
text("app.per_address.title", "Too many lesson pages from this device")
text("app.per_address.text", "This device already holds as many lessons on this server as it may. Close some "
                             "lesson tabs, wait a minute and reload this page, or ask your teacher.")
text("app.no_lesson.title", "No such lesson")
text("app.no_lesson.text", "There is no lesson at this address. Check the address, or start again from the "
                           "start page.")
text("app.wrong_host.title", "Wrong address")
text("app.wrong_host.text", "This server does not answer to the address {host}. Use the address your teacher "
                            "gave you.")
text("app.not_your_kernel", "This kernel belongs to another page.")

# The notice on a lesson page whose game stopped on the server: why, then how to carry on.
text("app.note.idle", "This page was left idle for a long time, so its game was put away to make room for others.")
text("app.note.gone", "This page has lost its game on the server.")
text("app.note.restarted", "The game on this page stopped on the server.")
text("app.note.server", "The lesson server has stopped, or this device has lost its connection to it.")
text("app.note.back", "The lesson server is back.")
text("app.note.kept", "Reload the page to carry on: your match and the exercises you solved are kept in this browser.")
text("app.note.when_back", "When it is back, reload the page to carry on: your match and the exercises you solved "
                           "are kept in this browser.")
text("app.note.reload", "Reload")
text("app.deal_link_refused", "The link asks for deal {code}, but {reason}. This is a new deal instead.")

# What `make app` prints in the teacher's terminal (in the class's language, LANG=).
text("app.console.preheating", "Pre-heating lessons [{bar}] {ready}/{wanted} kernels ready ({seconds} s)")
text("app.console.ready", "Ready for a class of {n} on {lesson}.")
text("app.console.ready_deal", "Ready for a class of {n} on {lesson}, deal {deal}.")
text("app.console.give_address", "Give your students this address:")
text("app.console.open_address", "Open this address:")
text("app.console.limits", "(at most {total} kernels in all, {per_device} per device)")
text("app.console.limits_any", "(at most {total} kernels in all, any number per device)")
