// The browser half of ChoiceGroup (cardkit/widgets/access.py): one labelled radio group.
// Reads `_labels`, `label`, `key_hint`, `disabled`; reads and sets `index` (the chosen option).
// Native radio buttons sharing one name inside role="radiogroup": one Tab stop, the arrow
// keys move between the options and choose them, Space chooses the focused one.

let counter = 0;

function render({ model, el }) {
  const id = "ck-choice-" + (++counter) + "-" + Math.random().toString(36).slice(2, 8);
  const box = document.createElement("div");
  box.className = "ck-choice";
  box.setAttribute("data-lm-suppress-shortcuts", "true");
  const head = document.createElement("span");
  head.className = "ck-choice-label";
  head.id = id + "-label";
  const group = document.createElement("div");
  group.className = "ck-choice-options";
  group.setAttribute("role", "radiogroup");
  group.setAttribute("aria-labelledby", head.id);
  const keys = document.createElement("div");
  keys.className = "ck-choice-keys";
  keys.id = id + "-keys";
  group.setAttribute("aria-describedby", keys.id);
  box.append(head, group, keys);
  el.appendChild(box);
  let radios = [];

  function build() {
    const focused = radios.indexOf(document.activeElement);
    group.replaceChildren();
    radios = [];
    (model.get("_labels") || []).forEach((text, i) => {
      const option = document.createElement("label");
      option.className = "ck-choice-option";
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = id;
      radio.value = String(i);
      radio.addEventListener("change", () => {
        if (radio.checked && model.get("index") !== i) {
          model.set("index", i);
          model.save_changes();
        }
      });
      radio.addEventListener("keydown", (event) => {
        // keep the notebook's own shortcuts away from the group's keys
        if (event.key.startsWith("Arrow") || event.key === " ") event.stopPropagation();
      });
      const words = document.createElement("span");
      words.textContent = text;
      option.append(radio, words);
      group.appendChild(option);
      radios.push(radio);
    });
    update();
    if (focused >= 0 && radios.length) {
      const i = model.get("index");
      radios[i >= 0 && i < radios.length ? i : 0].focus();
    }
  }
  function update() {
    const i = model.get("index");
    const off = !!model.get("disabled");
    radios.forEach((r, k) => { r.checked = k === i; r.disabled = off; });
    head.textContent = model.get("label") || "";
    keys.textContent = model.get("key_hint") || "";
  }
  model.on("change:_labels", build);
  for (const name of ["index", "label", "key_hint", "disabled"]) model.on("change:" + name, update);
  build();
  return () => {
    model.off("change:_labels", build);
    for (const name of ["index", "label", "key_hint", "disabled"]) model.off("change:" + name, update);
  };
}

export default { render };
