// The browser half of StatusMessage (cardkit/widgets/messages.py): one message with an
// icon and a word for screen readers. Reads `kind` ('info', 'success', 'warning',
// 'error') and `text`; `_n` grows by one to have the same message read out again; `moment`
// (data-moment) tells which moment of a table the message belongs to.

const ICONS = { info: "\u2139\uFE0E", success: "\u2714\uFE0E", warning: "\u26A0\uFE0E", error: "\u2716\uFE0E" };
// The kind's word for screen readers comes from Python (`_word`, from the catalogue, in the page's language).

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
    box.dataset.moment = String(model.get("moment") || 0);
    icon.textContent = message ? (ICONS[kind] || "") : "";
    word.textContent = message ? (model.get("_word") || "") : "";
    text.textContent = message;
    // a table's log draws the lines of this moment now (see log.js)
    box.dispatchEvent(new CustomEvent("ck-moment", { bubbles: true }));
  }
  let toggle = false;
  function again() {
    // The same message once more: screen readers read a live region again when its words
    // change, so the word for screen readers changes (a no-break space after it, or not);
    // what is seen stays as it is (never an empty box, not even for a moment).
    update();
    toggle = !toggle;
    if (word.textContent) word.textContent = (model.get("_word") || "") + (toggle ? "\u00A0" : "");
  }
  model.on("change:text", update);
  model.on("change:kind", update);
  model.on("change:_word", update);
  model.on("change:_n", again);
  model.on("change:moment", update);
  update();
  return () => {
    model.off("change:text", update);
    model.off("change:kind", update);
    model.off("change:_word", update);
    model.off("change:_n", again);
    model.off("change:moment", update);
  };
}

export default { render };
