// The browser half of StatusMessage (cardkit/widgets/messages.py): one message with an
// icon and a word for screen readers. Reads `kind` ('info', 'success', 'warning',
// 'error') and `text`; `_n` grows by one to have the same message read out again.

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
