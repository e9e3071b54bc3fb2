"""The browser half of the widgets: ES modules and CSS, kept inline as strings.

anywidget hands these strings to the page itself, so nothing is ever fetched from
the network (no CDN scripts, fonts or icons), and the widgets work the same in
JupyterLab, the classic notebook and Voilà.

How the browser talks to Python
-------------------------------
Cards (``Hand`` and ``CardRow``) read these synced traits:

``_faces``      list of ``{"key": "QH", "label": "Queen of hearts", "svg": "<svg…>"}``,
                one per card in display order; always ``[]`` for a face-down hand
``face_down``   bool; when true the view draws ``count`` copies of ``_back``
``count``       number of cards shown
``_back``       the SVG of a card's back (only set while face down)
``caption``     the visible caption, also the accessible name of the row
``card_width``  CSS pixels per card
``_interactive`` true for ``Hand`` (cards are buttons), false for ``CardRow``
``selected``    (Hand) list of card codes currently selected
``_marked``     (Hand) list of card codes to highlight
``highlight_text`` (Hand) what a highlight means, e.g. "can be played"
``disabled``    (Hand) bool
``notice``, ``_notice_n`` (Hand) a short note shown in a polite live region
                (``_notice_n`` grows by one each time, to repeat a note)

and send one message, ``{"type": "toggle", "key": "QH"}``, when a card is clicked
or Space / Enter is pressed on it.  Python decides (``Hand.toggle``) and updates
``selected``; the browser never changes ``selected`` itself.
"""

from __future__ import annotations

FONT_STACK_CSS = (
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, "
    "'Noto Sans', 'Liberation Sans', 'DejaVu Sans', sans-serif"
)

_COMMON_CSS = """
.ck-sr {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0;
}
"""

CARDS_CSS = (
    _COMMON_CSS
    + """
.ck-cards {
  --ck-card-w: 72px; --ck-accent: #0b57d0; --ck-ink: var(--jp-ui-font-color1, #1f1f1f);
  font-family: FONTS; color: var(--ck-ink); margin: 2px 0 6px;
}
.ck-caption { font-size: 0.95rem; font-weight: 600; margin: 0 0 2px; }
.ck-legend { font-weight: 400; margin-left: 0.75em; }
.ck-legend:empty { display: none; }
.ck-row {
  display: flex; flex-wrap: wrap; align-items: flex-end; gap: 6px;
  padding: 18px 6px 4px; margin: 0;
}
.ck-card {
  position: relative; display: inline-flex; flex-direction: column; align-items: center;
  flex: 0 0 auto; width: min(var(--ck-card-w), max(44px, 15vw));
  margin: 0; padding: 0; border: 0; background: none; color: inherit; font: inherit;
  border-radius: 8px; transition: transform 0.12s ease;
}
button.ck-card { cursor: pointer; -webkit-tap-highlight-color: transparent; }
.ck-face { display: block; width: 100%; border-radius: 7px; line-height: 0; }
.ck-face svg { display: block; width: 100%; height: auto; }
.ck-back { cursor: default; }
.ck-card[aria-pressed="true"] { transform: translateY(-16px); }
.ck-card[aria-pressed="true"] .ck-face { box-shadow: 0 0 0 3px var(--ck-accent); }
.ck-check {
  display: none; position: absolute; top: -7px; right: -7px; width: 22px; height: 22px;
  border-radius: 50%; border: 2px solid #fff; background: var(--ck-accent); color: #fff;
  font-size: 13px; font-weight: 700; line-height: 22px; text-align: center;
}
.ck-card[aria-pressed="true"] .ck-check { display: block; }
.ck-mark { visibility: hidden; font-size: 13px; line-height: 1; margin-top: 4px; }
.ck-card.ck-hl .ck-mark { visibility: visible; }
.ck-card.ck-hl .ck-face { outline: 2px dashed var(--ck-ink); outline-offset: 2px; }
.ck-card:focus { outline: none; }
.ck-card:focus-visible {
  outline: 3px solid var(--ck-accent); outline-offset: 4px;
  box-shadow: 0 0 0 2px #fff, 0 0 0 4px #1f1f1f;
}
.ck-disabled button.ck-card { cursor: not-allowed; }
.ck-disabled button.ck-card .ck-face { opacity: 0.8; }
.ck-notice { font-size: 0.9rem; min-height: 0; margin: 2px 6px 0; }
.ck-notice:not(:empty)::before { content: "\\26A0\\FE0E  "; }
@media (prefers-reduced-motion: reduce) { .ck-card { transition: none; } }
""".replace("FONTS", FONT_STACK_CSS)
)

CARDS_ESM = r"""
let counter = 0;
const REBUILD = ["_faces", "face_down", "count", "_back", "card_width", "_interactive"];
const UPDATE = ["selected", "_marked", "disabled", "highlight_text", "caption", "notice"];

function decorative(holder) {
  const svg = holder.querySelector("svg");
  if (svg) {
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    svg.removeAttribute("role");
    svg.removeAttribute("aria-label");
  }
}

function span(cls, text) {
  const s = document.createElement("span");
  if (cls) s.className = cls;
  if (text !== undefined) s.textContent = text;
  return s;
}

function render({ model, el }) {
  const id = "ck-cards-" + (++counter) + "-" + Math.random().toString(36).slice(2, 8);
  const root = document.createElement("div");
  root.className = "ck-cards";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const head = document.createElement("div");
  head.className = "ck-caption";
  head.id = id + "-caption";
  const captionText = span("ck-caption-text");
  const legend = span("ck-legend");
  legend.setAttribute("aria-hidden", "true");
  head.append(captionText, legend);
  const row = document.createElement("div");
  row.className = "ck-row";
  const notice = document.createElement("div");
  notice.className = "ck-notice";
  notice.setAttribute("role", "status");
  notice.setAttribute("aria-live", "polite");
  root.append(head, row, notice);
  el.appendChild(root);
  let buttons = [];

  function toggle(button) {
    model.send({ type: "toggle", key: button.dataset.key });
  }
  function onClick(event) {
    toggle(event.currentTarget);
  }
  function onKeyDown(event) {
    const button = event.currentTarget;
    const key = event.key;
    if (key === " " || key === "Spacebar" || key === "Enter") {
      event.preventDefault();
      event.stopPropagation();
      if (!event.repeat) toggle(button);
      return;
    }
    const i = buttons.indexOf(button);
    let j = null;
    if (key === "ArrowRight") j = Math.min(i + 1, buttons.length - 1);
    else if (key === "ArrowLeft") j = Math.max(i - 1, 0);
    else if (key === "Home") j = 0;
    else if (key === "End") j = buttons.length - 1;
    if (j !== null) {
      event.preventDefault();
      event.stopPropagation();
      buttons[j].focus();
    }
  }
  function onKeyUp(event) {
    if (event.key === " " || event.key === "Spacebar" || event.key === "Enter") {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  function build() {
    const active = document.activeElement;
    let focusKey = null;
    let focusIndex = -1;
    if (active && row.contains(active) && active.dataset) {
      focusKey = active.dataset.key;
      focusIndex = buttons.indexOf(active);
    }
    row.replaceChildren();
    buttons = [];
    root.style.setProperty("--ck-card-w", (model.get("card_width") || 72) + "px");
    for (const name of ["role", "aria-label", "aria-labelledby"]) row.removeAttribute(name);
    const faceDown = !!model.get("face_down");
    root.classList.toggle("ck-face-down", faceDown);
    if (faceDown) {
      row.setAttribute("role", "img");
      row.setAttribute("aria-labelledby", head.id);
      const back = model.get("_back") || "";
      const n = model.get("count") || 0;
      for (let i = 0; i < n; i++) {
        const card = span("ck-card ck-back");
        const face = span("ck-face");
        face.innerHTML = back;
        decorative(face);
        card.append(face);
        row.appendChild(card);
      }
    } else if (model.get("_interactive")) {
      row.setAttribute("role", "group");
      row.setAttribute("aria-labelledby", head.id);
      for (const f of model.get("_faces") || []) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "ck-card";
        b.dataset.key = f.key;
        b.setAttribute("aria-pressed", "false");
        const face = span("ck-face");
        face.innerHTML = f.svg;
        decorative(face);
        const check = span("ck-check", "\u2713");
        check.setAttribute("aria-hidden", "true");
        const mark = span("ck-mark", "\u2605");
        mark.setAttribute("aria-hidden", "true");
        const label = span("ck-sr", f.label);
        label.appendChild(span("ck-sr-hl"));
        b.append(face, check, mark, label);
        b.addEventListener("click", onClick);
        b.addEventListener("keydown", onKeyDown);
        b.addEventListener("keyup", onKeyUp);
        row.appendChild(b);
        buttons.push(b);
      }
    } else {
      row.setAttribute("role", "list");
      row.setAttribute("aria-labelledby", head.id);
      for (const f of model.get("_faces") || []) {
        const item = span("ck-card");
        item.setAttribute("role", "listitem");
        item.dataset.key = f.key;
        const face = span("ck-face");
        face.innerHTML = f.svg;
        item.append(face);
        row.appendChild(item);
      }
    }
    update();
    if (focusKey !== null && buttons.length) {
      const again = buttons.find((b) => b.dataset.key === focusKey) ||
        buttons[Math.min(Math.max(focusIndex, 0), buttons.length - 1)];
      again.focus();
    }
  }

  function update() {
    const selected = new Set(model.get("selected") || []);
    const marked = new Set(model.get("_marked") || []);
    const disabled = !!model.get("disabled");
    const meaning = model.get("highlight_text") || "";
    root.classList.toggle("ck-disabled", disabled);
    for (const b of buttons) {
      const key = b.dataset.key;
      b.setAttribute("aria-pressed", selected.has(key) ? "true" : "false");
      b.classList.toggle("ck-hl", marked.has(key));
      b.querySelector(".ck-sr-hl").textContent = marked.has(key) && meaning ? ", " + meaning : "";
      if (disabled) b.setAttribute("aria-disabled", "true");
      else b.removeAttribute("aria-disabled");
    }
    captionText.textContent = model.get("caption") || "";
    legend.textContent = buttons.length && marked.size && meaning ? "\u2605 " + meaning : "";
    const text = model.get("notice") || "";
    if (notice.textContent !== text) notice.textContent = text;
  }

  function repeatNotice() {
    // The same note again: empty the live region, then refill it, so it is read again.
    notice.textContent = "";
    setTimeout(() => { notice.textContent = model.get("notice") || ""; }, 60);
  }

  for (const name of REBUILD) model.on("change:" + name, build);
  for (const name of UPDATE) model.on("change:" + name, update);
  model.on("change:_notice_n", repeatNotice);
  build();
  return () => {
    for (const name of REBUILD) model.off("change:" + name, build);
    for (const name of UPDATE) model.off("change:" + name, update);
    model.off("change:_notice_n", repeatNotice);
  };
}

export default { render };
"""

STATUS_CSS = (
    _COMMON_CSS
    + """
.ck-status {
  display: flex; align-items: baseline; gap: 0.5em; margin: 4px 0; padding: 0.45em 0.75em;
  border: 1px solid; border-left-width: 5px; border-radius: 6px;
  font-family: FONTS; font-size: 0.95rem; line-height: 1.4;
}
.ck-status.ck-empty { padding: 0; margin: 0; border: 0; min-height: 0; }
.ck-status-icon { font-weight: 700; flex: 0 0 auto; }
.ck-status-info { background: #e8f0fe; border-color: #4c7fd8; color: #123e87; }
.ck-status-success { background: #e6f4ea; border-color: #2f8a4a; color: #0b5227; }
.ck-status-warning { background: #fef7e0; border-color: #b7800b; color: #5c3b00; }
.ck-status-error { background: #fce8e6; border-color: #c5221f; color: #8a0f0c; }
""".replace("FONTS", FONT_STACK_CSS)
)

STATUS_ESM = r"""
const ICONS = { info: "\u2139\uFE0E", success: "\u2714\uFE0E", warning: "\u26A0\uFE0E", error: "\u2716\uFE0E" };
const WORDS = { info: "Note: ", success: "Done: ", warning: "Warning: ", error: "Problem: " };

function render({ model, el }) {
  const box = document.createElement("div");
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  box.setAttribute("aria-atomic", "true");
  const icon = document.createElement("span");
  icon.className = "ck-status-icon";
  icon.setAttribute("aria-hidden", "true");
  const word = document.createElement("span");
  word.className = "ck-sr";
  const text = document.createElement("span");
  text.className = "ck-status-text";
  box.append(icon, word, text);
  el.appendChild(box);

  function update() {
    const kind = model.get("kind") || "info";
    const message = model.get("text") || "";
    box.className = "ck-status ck-status-" + kind + (message ? "" : " ck-empty");
    box.dataset.kind = kind;
    icon.textContent = message ? (ICONS[kind] || "") : "";
    word.textContent = message ? (WORDS[kind] || "") : "";
    text.textContent = message;
  }
  function again() {
    // The same message once more: empty the live region, then refill it.
    text.textContent = "";
    setTimeout(update, 60);
  }
  model.on("change:text", update);
  model.on("change:kind", update);
  model.on("change:_n", again);
  update();
  return () => {
    model.off("change:text", update);
    model.off("change:kind", update);
    model.off("change:_n", again);
  };
}

export default { render };
"""

LOG_CSS = (
    _COMMON_CSS
    + """
.ck-log { font-family: FONTS; font-size: 0.9rem; margin: 4px 0; color: var(--jp-ui-font-color1, #1f1f1f); }
.ck-log-title { font-weight: 600; margin-bottom: 2px; }
.ck-log-title:empty { display: none; }
.ck-log ol { margin: 0; padding-left: 2.8em; }
.ck-log li { margin: 1px 0; }
.ck-log li:last-child { font-weight: 600; }
.ck-log-empty { font-style: italic; opacity: 0.75; }
""".replace("FONTS", FONT_STACK_CSS)
)

LOG_ESM = r"""
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "ck-log";
  const title = document.createElement("div");
  title.className = "ck-log-title";
  const list = document.createElement("ol");
  list.setAttribute("role", "log");
  list.setAttribute("aria-live", "polite");
  const empty = document.createElement("div");
  empty.className = "ck-log-empty";
  box.append(title, list, empty);
  el.appendChild(box);
  let total = model.get("_total") || 0;

  function item(text, number) {
    const li = document.createElement("li");
    li.value = number;
    li.textContent = text;
    return li;
  }
  function rebuild() {
    const lines = model.get("lines") || [];
    total = model.get("_total") || 0;
    const first = total - lines.length + 1;
    list.replaceChildren(...lines.map((t, i) => item(t, first + i)));
    empty.textContent = lines.length ? "" : (model.get("empty_text") || "");
  }
  function change() {
    const lines = model.get("lines") || [];
    const newTotal = model.get("_total") || 0;
    const added = newTotal - total;
    if (added <= 0 || added > lines.length || list.children.length + added < lines.length) {
      rebuild();
      return;
    }
    // Only append the new lines, so that a screen reader reads just those.
    const first = newTotal - lines.length + 1;
    for (let i = lines.length - added; i < lines.length; i++) list.appendChild(item(lines[i], first + i));
    while (list.children.length > lines.length) list.removeChild(list.firstChild);
    total = newTotal;
    empty.textContent = lines.length ? "" : (model.get("empty_text") || "");
  }
  function retitle() { title.textContent = model.get("title") || ""; }
  model.on("change:lines", change);
  model.on("change:title", retitle);
  model.on("change:empty_text", rebuild);
  retitle();
  rebuild();
  return () => {
    model.off("change:lines", change);
    model.off("change:title", retitle);
    model.off("change:empty_text", rebuild);
  };
}

export default { render };
"""
