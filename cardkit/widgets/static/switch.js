// The browser half of FourColourSwitch (cardkit/widgets/access.py): a checkbox for the
// four-colour deck. Reads and sets `value`; reads `label` and `storage_key`. The learner's
// choice is kept in the browser's localStorage (key `storage_key`, "1" or "0") and wins
// over the value Python gave; turning one switch turns every switch on the page (a window
// event) and in the learner's other tabs (the storage event).

let counter = 0;
const EVENT = "cardkit:four-colour";

function stored(key) {
  try {
    const v = window.localStorage.getItem(key);
    return v === null ? null : v === "1";
  } catch (e) {
    return null; // storage refused (a private window): the switch still works, unremembered
  }
}

function remember(key, on) {
  try { window.localStorage.setItem(key, on ? "1" : "0"); } catch (e) { /* not remembered */ }
}

function render({ model, el }) {
  const id = "ck-switch-" + (++counter) + "-" + Math.random().toString(36).slice(2, 8);
  const box = document.createElement("div");
  box.className = "ck-switch";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.id = id;
  const label = document.createElement("label");
  label.htmlFor = id;
  box.append(input, label);
  el.appendChild(box);

  function key() { return model.get("storage_key") || "cardkit:four-colour"; }
  function set(on) {
    input.checked = on;
    if (model.get("value") !== on) {
      model.set("value", on);
      model.save_changes();
    }
  }
  function show() {
    input.checked = !!model.get("value");
    label.textContent = model.get("label") || "";
  }
  input.addEventListener("change", () => {
    const on = input.checked;
    remember(key(), on);
    set(on);
    window.dispatchEvent(new CustomEvent(EVENT, { detail: { key: key(), on: on } }));
  });
  function onPage(event) {
    if (event.detail && event.detail.key === key()) set(!!event.detail.on);
  }
  function onStorage(event) {
    if (event.key === key() && event.newValue !== null) set(event.newValue === "1");
  }
  window.addEventListener(EVENT, onPage);
  window.addEventListener("storage", onStorage);
  model.on("change:value", show);
  model.on("change:label", show);
  show();
  const mine = stored(key());
  if (mine !== null && mine !== !!model.get("value")) set(mine);
  return () => {
    window.removeEventListener(EVENT, onPage);
    window.removeEventListener("storage", onStorage);
    model.off("change:value", show);
    model.off("change:label", show);
  };
}

export default { render };
