"""cardkit.app.urlparams: the page's address as a lesson sees it (no browser needed;
tests/browser/test_browser_deal_links.py checks the same through Voilà and Chromium)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import deal_code, seed_from_code
from cardkit.cards import MAX_SEED
from cardkit.app import urlparams


@pytest.fixture(autouse=True)
def fresh_address(monkeypatch):
    """Each test starts with no address read yet and no Voilà variables set."""
    monkeypatch.setattr(urlparams, "_query_string", None)
    for name in ("QUERY_STRING", "VOILA_PREHEAT", "VOILA_APP_PORT", "VOILA_KERNEL_ID",
                 "CARDKIT_PAGE_QUERY", "CARDKIT_CLASS_DEAL"):
        monkeypatch.delenv(name, raising=False)
    yield


def test_outside_voila_there_is_no_address():
    assert urlparams.query_params() == {}
    assert urlparams.deal_seed_from_url(default=7) == 7
    assert urlparams.deal_seed_from_url(default=None) is None


def test_query_params_reads_every_pair(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "deal=K7Q-29X&players=3&name=Ann%20B&deal=AAA-AAA&empty=")
    assert urlparams.query_params() == {"deal": "AAA-AAA", "players": "3", "name": "Ann B", "empty": ""}


def test_good_code_gives_its_seed_whatever_the_spelling(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "deal=%20k7q29x%20")
    assert urlparams.deal_seed_from_url(default=1) == seed_from_code("K7Q-29X")


def test_empty_deal_means_no_deal(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "deal=")
    assert urlparams.deal_seed_from_url(default=5) == 5


@pytest.mark.parametrize(
    "query, reason",
    [
        ("deal=K7Q", "a deal code has 6 letters or digits"),
        ("deal=K7Q-2%219", "'!' is not used in deal codes"),
        ("deal=%3Cb%3Exy1", "'<' is not used in deal codes"),
    ],
)
def test_bad_code_gives_none_and_a_plain_message(monkeypatch, capsys, query, reason):
    monkeypatch.setenv("QUERY_STRING", query)
    assert urlparams.deal_seed_from_url(default=3) is None
    out = capsys.readouterr().out
    assert out.startswith("The link asks for deal ")
    assert reason in out and out.rstrip().endswith("This is a new deal instead.")
    assert "Traceback" not in out and "Error" not in out


def test_bad_code_can_stay_silent(monkeypatch, capsys):
    monkeypatch.setenv("QUERY_STRING", "deal=nope")
    assert urlparams.deal_seed_from_url(default=3, show_message=False) is None
    assert capsys.readouterr().out == ""


def test_bad_code_message_is_escaped_in_html(monkeypatch):
    shown = []
    monkeypatch.setattr(urlparams, "_show_notice", shown.append)
    monkeypatch.setenv("QUERY_STRING", "deal=%3Cb%3Ebad")
    assert urlparams.deal_seed_from_url() is None
    assert len(shown) == 1 and "'<b>bad'" in shown[0]
    bundle = urlparams._notice_bundle(shown[0])
    assert bundle["text/plain"] == shown[0]
    assert "<b>bad" not in bundle["text/html"] and "&lt;b&gt;bad" in bundle["text/html"]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=MAX_SEED - 1))
def test_deal_query_round_trips(seed):
    query = urlparams.deal_query(seed)
    assert query == f"?deal={deal_code(seed)}"
    urlparams._query_string = query[1:]
    assert urlparams.deal_seed_from_url(default=None) == seed


def test_address_is_read_once_per_page(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "deal=AAA-AAB")
    first = urlparams.deal_seed_from_url()
    monkeypatch.setenv("QUERY_STRING", "deal=ZZZ-ZZZ")
    assert urlparams.deal_seed_from_url() == first == seed_from_code("AAA-AAB")


def test_preheated_kernel_reads_the_address_it_was_heated_for_and_never_waits(monkeypatch):
    """A pre-heated kernel runs its lesson before any learner arrives: it reads the address
    the server heated it for (CARDKIT_PAGE_QUERY), not QUERY_STRING, and waits for nothing."""
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "deal=ZZZ-ZZZ")          # not for a pre-heated kernel
    monkeypatch.setenv("CARDKIT_PAGE_QUERY", "deal=K7Q-29X")
    assert urlparams.query_params() == {"deal": "K7Q-29X"}
    assert urlparams.deal_seed_from_url(default=9) == seed_from_code("K7Q-29X")


def test_the_class_deal_is_the_default_deal(monkeypatch):
    monkeypatch.setenv("CARDKIT_CLASS_DEAL", "AAA-AAB")
    assert urlparams.deal_seed_from_url(default=9) == seed_from_code("AAA-AAB")
    monkeypatch.setattr(urlparams, "_query_string", "deal=ZZZ-ZZZ")   # a link's own deal wins
    assert urlparams.deal_seed_from_url(default=9) == seed_from_code("ZZZ-ZZZ")


def test_reading_the_address_imports_no_server_code():
    import subprocess
    import sys

    code = ("import os, sys; os.environ['VOILA_PREHEAT'] = 'True'\n"
            "from cardkit.app.urlparams import deal_seed_from_url; deal_seed_from_url(default=1)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('voila', 'jupyter_server', 'websockets')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"