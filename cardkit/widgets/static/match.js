// The browser half of MatchKeeper (cardkit/widgets/keeper.py): a table's match kept in this
// browser (localStorage, key "cardkit:match:<game>:<slot>:<page path>"; the slot names the table
// on its page, so two tables on one page keep two matches), so that a reload, a new
// kernel or a culled one can offer it back. Python sends `record` (the deal code, the
// settings and the learner's moves) after every move and says, with `hold`, when a stored
// match must not be overwritten yet (the learner has not answered the offer). On its first
// drawing the page sends {"type": "found", "record": <the stored match or null>}; Python
// decides whether to offer it (`offer`, `resume_label`, `dismiss_label`); the buttons send
// {"type": "resume"} or {"type": "dismiss"}.

const PREFIX = "cardkit:";

function storageKey(model) {
  const slot = model.get("slot");
  return PREFIX + "match:" + (model.get("game") || "game") + ":" + (slot ? slot + ":" : "") + location.pathname;
}

function read(key) {
  try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
}

function write(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* storage full or off */ }
}

function markLesson(record) {
  // the start page marks a lesson whose match was played to its end
  if (!record || !record.over) return;
  const key = PREFIX + "lesson:" + location.pathname;
  const done = read(key) || {};
  done.finished = true;
  write(key, done);
}

function render({ model, el }) {
  const key = storageKey(model);
  const box = document.createElement("div");
  box.className = "ck-saved-match";
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", "Your saved match");
  const text = document.createElement("p");
  text.className = "ck-saved-match-text";
  const resume = document.createElement("button");
  resume.type = "button";
  resume.className = "ck-resume";
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.className = "ck-dismiss";
  box.append(text, resume, dismiss);
  el.appendChild(box);

  function draw() {
    const offer = model.get("offer") || "";
    box.dataset.checked = model.get("checked") ? "true" : "false";   // the table has looked at what was found
    box.hidden = !offer;
    text.textContent = offer;
    resume.textContent = model.get("resume_label") || "Resume";
    dismiss.textContent = model.get("dismiss_label") || "Start afresh";
  }

  function save() {
    const record = model.get("record");
    if (!record || model.get("hold")) return;
    if (record.moves && record.moves.length) {
      write(key, record);
      markLesson(record);
    }
  }

  resume.addEventListener("click", () => model.send({ type: "resume" }));
  dismiss.addEventListener("click", () => model.send({ type: "dismiss" }));
  model.on("change:offer", draw);
  model.on("change:checked", draw);
  model.on("change:resume_label", draw);
  model.on("change:dismiss_label", draw);
  model.on("change:record", save);
  model.on("change:hold", save);
  draw();
  if (!model.__cardkitFound) {          // once per page, however many views
    model.__cardkitFound = true;
    model.send({ type: "found", record: read(key) });
  }
  return () => {
    model.off("change:offer", draw);
    model.off("change:checked", draw);
    model.off("change:resume_label", draw);
    model.off("change:dismiss_label", draw);
    model.off("change:record", save);
    model.off("change:hold", save);
  };
}

export default { render };
