"""Widgets that leave their layout and style alone share one model of each (issue 21, item 1):
cardkit.widgets.shared_parts, installed by cardkit.widgets.guard."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import ipywidgets
import pytest

from cardkit.widgets import guard, shared_parts
from cardkit.widgets.hand import Hand

ROOT = Path(__file__).resolve().parents[1]


def _ref(widget, name="layout"):
    return widget.get_state()[name]


def test_widgets_with_default_parts_name_one_layout_and_one_style_model():
    a, b = guard.HTML("a"), ipywidgets.HTML("b")   # cardkit's and a plain one
    assert _ref(a) == _ref(b) and _ref(a, "style") == _ref(b, "style")
    hand = Hand(["AS", "2H"])
    assert _ref(hand) == _ref(a)
    # a different style class has its own shared part
    assert _ref(ipywidgets.Button(), "style") != _ref(a, "style")


def test_equal_layouts_given_at_construction_and_style_dicts_are_one_model():
    a = guard.HTML("a", layout=guard.Layout(width="auto"))
    b = guard.Button(description="b", layout=guard.Layout(width="auto"))
    c = guard.HTML("c", layout=guard.Layout(width="3em"))
    assert _ref(a) == _ref(b) != _ref(c)
    t1 = ipywidgets.Text(style={"description_width": "initial"})
    t2 = ipywidgets.Text(style={"description_width": "initial"})
    assert _ref(t1, "style") == _ref(t2, "style") != _ref(ipywidgets.Text(), "style")


def test_changing_a_widgets_part_gives_it_its_own_and_leaves_the_others_alone():
    a = guard.HTML("a", layout=guard.Layout(width="auto"))
    b = guard.HTML("b", layout=guard.Layout(width="auto"))
    shared = _ref(a)
    a.layout.display = "none"
    assert a.layout.display == "none" and a.layout.width == "auto"
    assert _ref(a) != shared and _ref(b) == shared
    assert b.layout.display is None and b.layout.width == "auto"
    # the page sees the new part: the widget's state names it, and it has a model of its own
    assert _ref(a) == f"IPY_MODEL_{a.layout.model_id}" and a.layout.comm is not None


def test_reading_a_part_without_changing_it_opens_no_model():
    a, b = guard.HTML("a"), guard.HTML("b")
    part = a.layout
    assert part is a.layout and part.comm is None and part.display is None
    a.layout.display = None            # the same value: still nothing to tell the page
    assert _ref(a) == _ref(b)
    assert a.style.font_size is None and _ref(a, "style") == _ref(b, "style")


def test_asking_a_parts_model_id_makes_it_the_widgets_own():
    a, b = guard.HTML("a"), guard.HTML("b")
    model_id = a.layout.model_id
    assert _ref(a) == f"IPY_MODEL_{model_id}" != _ref(b)


def test_a_shared_part_refuses_a_direct_change():
    part = guard.Layout(width="7em")
    with pytest.raises(AttributeError, match="shared"):
        part.width = "8em"
    assert guard.Layout(width="7em").width == "7em"


def test_the_shared_parts_are_guarded_and_replaced_after_close_all():
    # In a fresh interpreter: ``close_all`` closes every widget of the process, and in the
    # suite's one process some were opened under another comm manager (before ipykernel was
    # imported by an earlier test), which ``close_all`` cannot unregister.
    script = """
import ipywidgets
from cardkit.widgets import guard, shared_parts
a = guard.HTML("a")
shared = a._trait_values["layout"]
assert shared_parts.is_shared(shared) and isinstance(shared, guard.FrontEndGuard)
ipywidgets.Widget.close_all()
assert shared.comm is None
b = guard.HTML("b")
assert b._trait_values["layout"] is not shared and b._trait_values["layout"].comm is not None
assert shared_parts.is_shared(b._trait_values["layout"])
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_repr_is_as_before():
    assert repr(guard.HTML("x")) == "HTML(value='x')"
    assert repr(ipywidgets.Button(description="b")) == "Button(description='b', style=ButtonStyle())"
    assert repr(guard.HTML("x", layout=guard.Layout(width="auto"))) == "HTML(value='x', layout=Layout(width='auto'))"


def test_lesson_7_opens_far_fewer_layout_and_style_models_than_widgets():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from load_comms import count
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    r = count("least_score/07_play_a_match.ipynb")
    assert r["unanswered"] == 0
    # ipywidgets' default: one Layout per widget and a Style for most (151 comms for 62 widgets)
    assert r.get("layout", 0) + r.get("style", 0) <= r["widget"] // 2, r
