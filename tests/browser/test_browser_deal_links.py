"""A link such as ``…/lesson.ipynb?deal=K7Q-29X`` reaches the lesson's Python code.

The test page ``pages/deal_from_url.ipynb`` shows what ``cardkit.app.urlparams`` reads.
A pre-heated kernel runs its lesson before anyone arrives, for one address (here: none), and
never waits; a page whose link asks for a deal gets a kernel of its own, started with its
address. Both paths must give the page the deal its link names.
"""

from __future__ import annotations

import pytest

from cardkit import seed_from_code
from voila_harness import ERROR_TEXT, wait_for_page_ready

pytestmark = pytest.mark.browser

PAGE = "deal_from_url.ipynb"


def _shown(page) -> dict:
    page.wait_for_selector("#deal-seed")
    return {
        "seed": page.inner_text("#deal-seed"),
        "code": page.inner_text("#deal-code"),
        "query": page.inner_text("#query"),
        "text": page.inner_text("#rendered_cells"),
    }


def test_a_deal_link_gets_a_kernel_started_with_its_address(pages_voila, open_page):
    pages_voila.wait_for_pool(PAGE, settle=False)
    uses = pages_voila.preheated_uses(PAGE)
    page, watch = open_page(pages_voila.render_url(PAGE, "?deal=k7q29x"))
    wait_for_page_ready(page, 0, timeout_ms=60_000)
    shown = _shown(page)
    assert pages_voila.preheated_uses(PAGE) == uses, "a kernel heated for no deal served a deal link"
    assert shown["seed"] == str(seed_from_code("K7Q-29X"))
    assert shown["code"] == "K7Q-29X"
    assert not watch.console_errors


def test_no_page_waits_on_voila_s_request_socket(pages_voila):
    """The stall: Voilà's /voila/query socket (see cardkit.app.server.STALL) is not served,
    so no kernel can wait on it and no stranger can drop another's waiter."""
    import urllib.error
    import urllib.request

    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(pages_voila.url("voila/query/00000000-0000-0000-0000-000000000000"), timeout=10)
    assert err.value.code == 404


def test_two_learners_at_once_each_get_their_deal(pages_voila, open_page):
    """Opened together, one page takes the pre-heated kernel and the other a fresh one."""
    pages_voila.wait_for_pool(PAGE, settle=False)
    codes = ["AAA-AAB", "ZZZ-ZZZ"]
    pages = [open_page(pages_voila.render_url(PAGE, f"?deal={c}&players=3"))[0] for c in codes]
    for page, code in zip(pages, codes):
        wait_for_page_ready(page, 0, timeout_ms=60_000)
        shown = _shown(page)
        assert shown["seed"] == str(seed_from_code(code))
        assert "('players', '3')" in shown["query"]


def test_no_deal_in_the_address_gives_the_default(pages_voila, open_page):
    pages_voila.wait_for_pool(PAGE, settle=False)
    uses = pages_voila.preheated_uses(PAGE)
    page, _ = open_page(pages_voila.render_url(PAGE))
    wait_for_page_ready(page, 0, timeout_ms=60_000)
    assert pages_voila.preheated_uses(PAGE) == uses + 1, "the page did not use the pre-heated kernel"
    shown = _shown(page)
    assert shown["seed"] == "None" and shown["query"] == "[]"


def test_bad_deal_code_gives_a_plain_message_not_a_traceback(pages_voila, open_page):
    pages_voila.wait_for_pool(PAGE, settle=False)
    page, watch = open_page(pages_voila.render_url(PAGE, "?deal=K7Q-2%219"))
    wait_for_page_ready(page, 0, timeout_ms=60_000)
    shown = _shown(page)
    assert shown["seed"] == "None"
    assert "The link asks for deal 'K7Q-2!9'" in shown["text"]
    assert "'!' is not used in deal codes" in shown["text"]
    assert not ERROR_TEXT.search(shown["text"])
    assert not watch.console_errors
