// The browser half of Hand and CardRow, one module for both. The traits it reads and the
// message it sends: the docstring of cardkit/widgets/hand.py.

let counter = 0;
const REBUILD = ["_faces", "face_down", "count", "_back", "card_width", "_interactive"];
const UPDATE = ["selected", "_marked", "disabled", "highlight_text", "caption", "label", "notice", "key_hint"];

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
  // the title is shown; screen readers read the row's name with its count (the label) instead
  const captionText = span("ck-caption-text");
  captionText.setAttribute("aria-hidden", "true");
  const labelText = span("ck-sr ck-caption-label");
  const legend = span("ck-legend");
  legend.setAttribute("aria-hidden", "true");
  head.append(captionText, labelText, legend);
  const row = document.createElement("div");
  row.className = "ck-row";
  const keys = document.createElement("div");
  keys.className = "ck-hand-keys";
  keys.id = id + "-keys";
  const notice = document.createElement("div");
  notice.className = "ck-notice";
  notice.setAttribute("role", "status");
  notice.setAttribute("aria-live", "polite");
  root.append(head, row, keys, notice);
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
    for (const name of ["role", "aria-label", "aria-labelledby", "aria-describedby"]) row.removeAttribute(name);
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
      if (model.get("key_hint")) row.setAttribute("aria-describedby", keys.id);
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
    labelText.textContent = model.get("label") || model.get("caption") || "";
    // the keys, written where they are used (only for cards that can be chosen)
    keys.textContent = buttons.length ? (model.get("key_hint") || "") : "";
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
