"""One Layout and one Style model per kernel for every widget that leaves its own alone.

Every ipywidgets widget shown on a page has a ``layout`` (a :class:`ipywidgets.Layout`) and
most have a ``style`` (``HTMLStyle``, ``ButtonStyle`` …), and each of those is a widget of its
own: a comm opened in the kernel, a model the page asks for and builds. Almost no widget ever
changes its layout or style, so most of a page's comms were empty Layouts and Styles (lesson 7:
277 comms for 40 widgets).

:func:`install` (run once, when :mod:`cardkit.widgets.guard` is imported) makes the *default*
layout of every ipywidgets widget — cardkit's and the plain ones a lesson builds — one shared,
guarded ``Layout`` per kernel, and the default style of each style class one shared instance
too. The page draws each widget with a view of its own over the shared model, exactly as it
does for a model two widgets name.

**Copy on use.** A widget keeps the shared part only while no code of ours or a lesson's ever
touches it: the first time anything outside ipywidgets' own serialisation reads
``widget.layout`` (or ``.style``) — to set ``layout.display = "none"``, say, or only to look —
the widget is given a fresh part of its own first (and the page is told), so that nothing
written to a part ever reaches another widget. Only ipywidgets' state and ``repr`` code and
traitlets' bookkeeping read the shared part as it is. A widget given ``layout=…`` or
``style=…`` when it is made has its own part from the start.

A shared part whose comm has been closed (``Widget.close_all()``) is replaced by a new one the
next time a default is needed.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Optional

import ipywidgets
from ipywidgets.widgets.trait_types import InstanceDict

__all__ = ["install", "shared_part", "is_shared", "installed_traits", "interning"]

#: The ipywidgets functions that only read a part to serialise or describe its widget; a read
#: from anywhere else gives the widget a part of its own first.
_READERS = frozenset({"get_state", "_repr_keys", "_gen_repr_from_keys", "__repr__", "_repr_mimebundle_"})

_shared: dict[tuple, Any] = {}
_made_with: dict[int, dict] = {}
_installed: list[InstanceDict] = []
_make_guarded: Optional[Callable[[type], type]] = None


def _key(klass: type, values: dict) -> Optional[tuple]:
    try:
        key = (klass, tuple(sorted(values.items())))
        hash(key)
    except TypeError:
        return None
    return key


def shared_part(klass: type, values: Optional[dict] = None) -> Any:
    """The kernel's shared instance of ``klass`` (a Layout or Style class) with ``values`` (its
    default one if none), made (or made again, if its comm was closed) on demand; a part made
    of values that cannot be compared (not hashable) is a new one each time."""
    values = dict(values or {})
    key = _key(klass, values)
    part = _shared.get(key) if key is not None else None
    if part is None or getattr(part, "comm", None) is None:
        cls = _make_guarded(klass) if _make_guarded is not None else klass
        part = _construct(cls, values)
        if key is None:
            return part
        old = _shared.get(key)
        if old is not None:
            _made_with.pop(id(old), None)
        _shared[key] = part
        _made_with[id(part)] = values
    return part


def is_shared(part: Any) -> bool:
    """Whether ``part`` is one of the kernel's shared parts."""
    return id(part) in _made_with and any(part is p for p in _shared.values())


def _construct(cls: type, values: dict) -> Any:
    """A new instance of ``cls`` (never an interned one, see :func:`interning`)."""
    if isinstance(cls, _Interning):
        return super(_Interning, cls).__call__(**values)
    return cls(**values)


class _Interning(type(ipywidgets.Layout)):  # type: ignore[misc]
    """Metaclass of :func:`interning` classes."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        if args or not _installed:
            return super().__call__(*args, **kwargs)
        return shared_part(cls._cardkit_part_of, kwargs)


def interning(cls: type, part_of: type) -> type:
    """``cls`` (a guarded Layout class) whose ``cls(width="auto")`` is the kernel's shared part
    of those values: ``layout=widgets.Layout(width="auto")`` given to twenty widgets makes one
    model. Such a part is read only through its widgets (``widget.layout`` gives the widget a
    part of its own first); setting a trait on it directly is refused."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if name in type(self).class_trait_names(sync=True) and not name.startswith("_") and is_shared(self):
            raise AttributeError(f"this {type(self).__name__} is shared by every widget made with the same "
                                 f"values: set {name} through the widget (widget.layout.{name} = ...)")
        object.__setattr__(self, name, value)

    return _Interning(cls.__name__, (cls,), {"__module__": cls.__module__, "__doc__": cls.__doc__,
                                            "__setattr__": __setattr__, "_cardkit_part_of": part_of})


def installed_traits() -> list:
    """The ``layout``/``style`` traits whose default is shared (for tests)."""
    return list(_installed)


def _internal_read() -> bool:
    """Whether the ``layout``/``style`` read in progress comes from ipywidgets' serialisation
    or repr code, or from traitlets itself (frames: ours, traitlets' ``__get__``, the caller)."""
    frame = sys._getframe(2)
    if frame.f_code.co_name == "__get__" and frame.f_globals.get("__name__", "").startswith("traitlets"):
        frame = frame.f_back
    while frame is not None and frame.f_code.co_name in ("<genexpr>", "<listcomp>", "<dictcomp>"):
        frame = frame.f_back
    if frame is None:
        return False
    module = frame.f_globals.get("__name__", "")
    if module.startswith("traitlets."):
        return True
    return module.startswith("ipywidgets.") and frame.f_code.co_name in _READERS


def _share(trait: InstanceDict) -> None:
    klass = trait.klass
    plain_get = trait.get

    def make_dynamic_default() -> Any:
        return shared_part(klass)

    plain_validate = trait.validate

    def validate(obj: Any, value: Any) -> Any:
        if isinstance(value, dict):  # style={...}: nobody else holds the part made of it
            value = shared_part(klass, value)
        return plain_validate(obj, value)

    def get(obj: Any, cls: Any = None) -> Any:
        value = plain_get(obj, cls)
        if value is None or not is_shared(value) or _internal_read():
            return value
        pending = obj.__dict__.setdefault("_cardkit_own_parts", {})
        own = pending.get(trait.name)
        if own is None:
            own = pending[trait.name] = _own_copy(obj, trait.name, value)
        return own

    trait.make_dynamic_default = make_dynamic_default  # type: ignore[method-assign]
    trait.get = get  # type: ignore[method-assign]
    trait.validate = validate  # type: ignore[method-assign]
    _installed.append(trait)


def _own_copy(widget: Any, name: str, shared: Any) -> Any:
    """A part of ``widget``'s own with the values of ``shared``, without a comm until one of its
    values changes: then it is opened and becomes the widget's part (the page is told)."""
    own = _construct(type(shared), _made_with[id(shared)])
    own.close()  # no model on any page while it is a copy of the shared one
    del own.__dict__["_repr_mimebundle_"]
    own.__class__ = _copy_class(type(own))
    keys = [k for k in own.keys if not k.startswith("_")]

    def promote(change: Any = None) -> None:
        own.unobserve(promote, names=keys)
        own.__dict__.pop("_cardkit_promote", None)
        own._model_id = None
        own.open()
        widget.__dict__.get("_cardkit_own_parts", {}).pop(name, None)
        widget.set_trait(name, own)

    own.observe(promote, names=keys)
    own.__dict__["_cardkit_promote"] = promote
    return own


def _model_id(self: Any) -> str:
    promote = self.__dict__.get("_cardkit_promote")
    if self.comm is None and promote is not None:
        promote()  # code that asks for the model means the page's model: it becomes the widget's
    return self.comm.comm_id


_copy_classes: dict[type, type] = {}


def _copy_class(cls: type) -> type:
    """``cls`` whose ``model_id``, asked while the part is still a copy, makes it the widget's."""
    made = _copy_classes.get(cls)
    if made is None:
        made = _copy_classes[cls] = type(cls)(cls.__name__, (cls,), {"__module__": cls.__module__,
                                                                    "__doc__": cls.__doc__,
                                                                    "model_id": property(_model_id)})
    return made


def _walk(cls: type):
    yield cls
    for sub in cls.__subclasses__():
        yield from _walk(sub)


def install(make_guarded: Optional[Callable[[type], type]] = None) -> None:
    """Share the default ``layout`` and ``style`` of every ipywidgets widget class (see the
    module); ``make_guarded(cls)`` gives the guarded class of a part. Idempotent."""
    global _make_guarded
    _make_guarded = make_guarded
    seen = {id(t) for t in _installed}
    for cls in _walk(ipywidgets.DOMWidget):
        for name in ("layout", "style"):
            trait = cls.class_traits().get(name)
            if isinstance(trait, InstanceDict) and trait.default_args is None and not trait.default_kwargs \
                    and id(trait) not in seen:
                seen.add(id(trait))
                _share(trait)
