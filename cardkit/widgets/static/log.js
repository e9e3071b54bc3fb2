// The browser half of EventLog (cardkit/widgets/messages.py): the last few lines of
// what happened, numbered. Reads `lines`, `_total` (lines ever added, for the numbers),
// `title` and `empty_text`; only new lines are appended, so a screen reader reads just those
// (the list sits in a role="log" live region named by the title).

let counter = 0;

function render({ model, el }) {
  const id = "ck-log-" + (++counter) + "-" + Math.random().toString(36).slice(2, 8);
  const box = document.createElement("div");
  box.className = "ck-log";
  const title = document.createElement("div");
  title.className = "ck-log-title";
  title.id = id + "-title";
  // A live region (role="log": screen readers read each line added, and only those)
  // around a real list, so that the list keeps its own meaning.
  const region = document.createElement("div");
  region.setAttribute("role", "log");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-relevant", "additions");
  const list = document.createElement("ol");
  region.appendChild(list);
  const empty = document.createElement("div");
  empty.className = "ck-log-empty";
  box.append(title, region, empty);
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
    box.dataset.total = String(total);
    empty.textContent = lines.length ? "" : (model.get("empty_text") || "");
  }
  // Inside a game table the status line and the log show one moment together: the kernel
  // sends the log's new lines first, then the status of that moment (its data-moment says how
  // many lines the log had then). New lines wait here until that status has arrived, and are
  // drawn in the same task as it, so that the page never shows one without the other.
  let waiting = null;
  function statusMoment() {
    const t = el.closest(".ck-table");
    const s = t && t.querySelector(".ck-table-status .ck-status");
    return s && s.dataset.moment !== undefined ? Number(s.dataset.moment) : null;
  }
  function change() {
    const moment = statusMoment();
    if (moment !== null && moment < (model.get("_total") || 0)) {
      if (waiting === null) waiting = setTimeout(flush, 2000);   // never held for ever
      return;
    }
    flush();
  }
  function flush() {
    if (waiting !== null) { clearTimeout(waiting); waiting = null; }
    draw();
  }
  function onMoment(e) {
    if (waiting === null || !e.target.closest(".ck-table-status")) return;
    if (e.target.closest(".ck-table") === el.closest(".ck-table")) flush();
  }
  document.addEventListener("ck-moment", onMoment);
  function draw() {
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
    box.dataset.total = String(total);
    empty.textContent = lines.length ? "" : (model.get("empty_text") || "");
  }
  function retitle() {
    const text = model.get("title") || "";
    title.textContent = text;
    if (text) {
      region.removeAttribute("aria-label");
      region.setAttribute("aria-labelledby", title.id);
    } else {
      region.removeAttribute("aria-labelledby");
      region.setAttribute("aria-label", model.get("_aria_name") || "");
    }
  }
  // Shown, or only read out (the class ck-sr on the widget's own element, set here: removed
  // from Python with remove_class, it stayed on the page — the log never came back).
  function reshow() { el.classList.toggle("ck-sr", !!model.get("screen_readers_only")); }
  model.on("change:lines", change);
  model.on("change:title", retitle);
  model.on("change:empty_text", rebuild);
  model.on("change:screen_readers_only", reshow);
  retitle();
  rebuild();
  reshow();
  return () => {
    if (waiting !== null) clearTimeout(waiting);
    document.removeEventListener("ck-moment", onMoment);
    model.off("change:lines", change);
    model.off("change:title", retitle);
    model.off("change:empty_text", rebuild);
    model.off("change:screen_readers_only", reshow);
  };
}

export default { render };
