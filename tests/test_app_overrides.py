"""What cardkit.app and cardkit.widgets.guard override in Voilà, jupyter_server, ipykernel, comm
and ipywidgets is exactly what they were written against.

``cardkit/app/server.py`` and ``kernels.py`` replace handler and kernel-manager methods, and
``guard.py`` the kernel's comm handlers and ipywidgets' message handler. An upgrade that changes
one of those parent methods may silently undo a cap, an owner check or a guard, so each parent
method's source is pinned here by a hash: when an upgrade changes one, this test fails and names
the override to read again (then update the hash, and the range in pyproject.toml).
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: (parent class, method, sha256 of its source, first 16 hex digits), and which cardkit code
#: overrides or relies on it.
PINNED = [
    ("voila.tornado.handler.TornadoVoilaHandler", "get", "07378f0450812cf8", "server.LessonHandler.get"),
    ("voila.tornado.handler.TornadoVoilaHandler", "should_use_rendered_notebook", "6b4b66d99d6e57a3",
     "server.LessonHandler.should_use_rendered_notebook"),
    ("voila.tornado.handler.TornadoVoilaHandler", "get_generator", "27a6722a90264f6c",
     "server.LessonHandler.get (the path it is given, the kernel it starts)"),
    ("voila.tornado.kernel_websocket_handler.VoilaKernelWebsocketHandler", "get", "1f62f98f6fd67324",
     "server.OwnedChannelsHandler.get"),
    ("voila.tornado.kernel_websocket_handler.VoilaKernelWebsocketHandler", "open", "851c28a0e74537f7",
     "server.OwnedChannelsHandler.open"),
    ("voila.tornado.kernel_websocket_handler.VoilaKernelWebsocketHandler", "on_close", "56083aa104705413",
     "server.OwnedChannelsHandler.on_close"),
    ("jupyter_server.services.kernels.handlers.KernelHandler", "prepare", "35a59f79351e837f",
     "server.OwnedKernelHandler.prepare"),
    ("jupyter_server.services.kernels.handlers.KernelHandler", "delete", "a5a5522921652b50",
     "server.OwnedKernelHandler.delete"),
    ("voila.shutdown_kernel_handler.VoilaShutdownKernelHandler", "post", "50e8d743bf54b5df",
     "server.OwnedShutdownHandler.post"),
    ("voila.app.Voila", "initialize", "db210874e18c14f0", "server.CardkitVoila.initialize"),
    ("voila.app.Voila", "init_settings", "a4f141db9e83a9a0", "server.CardkitVoila.init_settings"),
    ("voila.app.Voila", "init_handlers", "55efb018eac51cbe", "server.CardkitVoila.init_handlers (_REPLACE)"),
    ("voila.app.Voila", "start", "2e69afa4f1d4daea", "server.CardkitVoila.start (written out in full)"),
    ("voila.app.Voila", "listen", "e809995f27d0de3e", "server.CardkitVoila.listen"),
    ("jupyter_server.services.kernels.kernelmanager.AsyncMappingKernelManager", "start_kernel", "22075cde1d16dec1",
     "kernels.ClassroomKernelManager.start_kernel"),
    ("jupyter_server.services.kernels.kernelmanager.AsyncMappingKernelManager", "cull_kernel_if_idle",
     "787d764c9f40f4d6", "kernels.ClassroomKernelManager.cull_kernel_if_idle"),
    ("jupyter_server.services.kernels.kernelmanager.AsyncMappingKernelManager", "remove_kernel", "4ed3ba64898106d4",
     "kernels.ClassroomKernelManager.remove_kernel"),
    ("pools", "get_rendered_notebook", "9f8b39ee9f32f5f4", "kernels.classroom_pools.get_rendered_notebook"),
    ("pools", "fill_if_needed", "2572c9ec8df0102c", "kernels.classroom_pools.fill_if_needed"),
    ("pools", "_initialize", "b6bd76edf2ce5df1", "kernels.classroom_pools._initialize"),
    ("pools", "get_pool_size", "1c7167af49283ab0", "kernels.classroom_pools.get_pool_size"),
    ("voila.request_info_handler.RequestInfoSocketHandler", "on_close", "84ab4354925f7891",
     "server.STALL (the socket not served)"),
    ("ipykernel.comm.manager.CommManager", "comm_open", "e8a67989ffadaa62", "guard.guard_comms (comm_open)"),
    ("comm.base_comm.CommManager", "comm_msg", "96666b06636433ff", "guard.guard_comms (comm_msg)"),
    ("comm.base_comm.CommManager", "comm_close", "92f0d40a3eeb621d", "guard.guard_comms (comm_close)"),
    ("ipykernel.ipkernel.IPythonKernel", "__init__", "943995af8385790e",
     "guard.guard_comms (the comm handlers in shell_handlers)"),
    ("ipywidgets.widgets.widget.Widget", "set_state", "8cced77ca318ecc2", "guard._page_set_state"),
    ("ipywidgets.widgets.widget.Widget", "open", "c428d586525edd72",
     "guard._plain_widget_msg (the handler open() registers)"),
    ("jupyter_server.services.kernels.kernelmanager.AsyncMappingKernelManager", "start_watching_activity",
     "4de25ab45ea55f65", "kernels.ClassroomKernelManager.start_watching_activity (activity_recorder)"),
    ("traitlets.TraitType", "get", "c8120fea7b5db49e", "widgets/shared_parts.py (the part's get)"),
    ("traitlets.TraitType", "default", "81f4731c8b34949a", "widgets/shared_parts.py (make_dynamic_default)"),
    ("ipywidgets.widgets.trait_types.InstanceDict", "validate", "d7e7ff378db7285d", "widgets/shared_parts.py"),
    ("ipywidgets.widgets.widget.Widget", "get_state", "d856d6eb43a7b058", "widgets/shared_parts.py (_READERS)"),
    ("ipywidgets.widgets.widget.Widget", "_repr_keys", "8df50dbded8c7e73", "widgets/shared_parts.py (_READERS)"),
    ("ipywidgets.widgets.widget.Widget", "_gen_repr_from_keys", "3530fe47410f2b3e",
     "widgets/shared_parts.py (_READERS)"),
    ("ipywidgets.widgets.domwidget.DOMWidget", "_repr_keys", "ff600a3b5ad6223d", "widgets/shared_parts.py (_READERS)"),
    ("ipywidgets.widgets.widget.Widget", "close", "683e304c315e9801", "widgets/shared_parts.py (_own_copy)"),
    ("nbconvert.exporters.templateexporter.TemplateExporter", "_create_environment", "b64cb98c0ee3eb82",
     "templates.install (the environment it returns)"),
    ("jupyter_server.services.kernels.connection.channels.ZMQChannelsWebsocketConnection",
     "handle_outgoing_message", "8802b149b6e24b73", "connection.LeanChannelsConnection.handle_outgoing_message"),
    ("jupyter_server.services.kernels.connection.channels.ZMQChannelsWebsocketConnection", "_on_zmq_reply",
     "b90e611a3bffabf3", "connection.LeanChannelsConnection.handle_outgoing_message (the frame it writes)"),
    ("voila.tornado.kernel_websocket_handler.VoilaKernelWebsocketHandler", "write_message", "98dd42faa48a0c54",
     "connection.LeanChannelsConnection.handle_outgoing_message (what Voilà's write_message drops)"),
    ("tornado.web.StaticFileHandler", "get", "bf4a13f24ca30b27", "static._GzipOnce (what get writes)"),
    ("tornado.web.StaticFileHandler", "set_headers", "fe3d33a1b6037988", "static._GzipOnce.set_extra_headers"),
    ("tornado.web.StaticFileHandler", "get_content_size", "e17074895c983ba9", "static._GzipOnce.get_content_size"),
    ("tornado.web.GZipContentEncoding", "transform_first_chunk", "faaa4bbbe5fae2ea",
     "static._GzipOnce (a response already encoded is left alone)"),
]


def _parent(path: str):
    if path == "pools":
        from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
        from voila.voila_kernel_manager import voila_kernel_manager_factory

        return voila_kernel_manager_factory(AsyncMappingKernelManager, True, 1)
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def _digest(function) -> str:
    return hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16]


@pytest.mark.parametrize("parent, method, digest, override", PINNED, ids=[f"{p[0].rsplit('.', 1)[-1]}.{p[1]}"
                                                                          for p in PINNED])
def test_what_is_overridden_is_what_the_override_was_written_against(parent, method, digest, override):
    found = _digest(getattr(_parent(parent), method))
    assert found == digest, (
        f"{parent}.{method} changed in this version (source hash {found}, written against {digest}): "
        f"read cardkit/{override if override.startswith('widgets/') else 'app/' + override} again against it, then update tests/test_app_overrides.py and the "
        "range pinned in pyproject.toml")


def test_ipywidgets_message_handler_is_the_one_the_guard_replaced():
    from cardkit.widgets import guard

    assert _digest(guard.IPYWIDGETS_HANDLE_MSG) == "b1bea4022794e15f", (
        "ipywidgets.Widget._handle_msg changed: read cardkit/widgets/guard.py (_plain_widget_msg) again")


def test_the_versions_written_against_are_pinned_to_a_compatible_range():
    text = (ROOT / "pyproject.toml").read_text()
    for name in ("voila", "jupyter_server", "ipykernel", "ipywidgets", "comm"):
        assert re.search(rf'"{name}>=[\d.]+,<[\d.]+"', text), f"{name} is not pinned to a range in pyproject.toml"
