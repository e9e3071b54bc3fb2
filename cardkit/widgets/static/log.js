// The browser half of EventLog (cardkit/widgets/messages.py): the last few lines of
// what happened, numbered. Reads `lines`, `_total` (lines ever added, for the numbers),
// `title` and `empty_text`; only new lines are appended, so a screen reader reads just those.

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
