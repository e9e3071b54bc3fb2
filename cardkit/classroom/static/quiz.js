// The browser half of the exercises. The traits it reads and the messages it sends:
// the docstring of cardkit/classroom/quiz.py. It writes no words of its own: every word
// comes from Python (the trait _words, the feedback, the tally), in the learner's language.

let counter = 0;

// Exercises solved are kept in this browser (localStorage "cardkit:lesson:<page path>":
// {"solved": [ids], "total": n}), offered back after a reload, and read by the start page
// to mark the lessons done.
const LESSON_KEY = "cardkit:lesson:" + location.pathname;
const seenHere = (globalThis.__cardkitExercises = globalThis.__cardkitExercises || new Set());

function exerciseId(model) {
  const text = (model.get("mode") || "") + "|" + (model.get("question") || "") + "|" + (model.get("choices") || []).join("|");
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

function lessonRecord() {
  try { return JSON.parse(localStorage.getItem(LESSON_KEY) || "null") || {}; } catch (e) { return {}; }
}

function keepLesson(update) {
  const rec = lessonRecord();
  update(rec);
  try { localStorage.setItem(LESSON_KEY, JSON.stringify(rec)); } catch (e) { /* storage off */ }
}
const ICONS = { right: "\u2714\uFE0E", wrong: "\u2716\uFE0E", invalid: "\u26A0\uFE0E", revealed: "\u2139\uFE0E" };

function el_(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function word(model, key) {
  return (model.get("_words") || {})[key] || "";
}

function render({ model, el }) {
  const id = "ck-quiz-" + (++counter) + "-" + Math.random().toString(36).slice(2, 8);
  const form = el_("form", "ck-quiz");
  form.noValidate = true;
  form.setAttribute("data-lm-suppress-shortcuts", "true");
  const kicker = el_("div", "ck-quiz-kicker", word(model, "kicker"));
  kicker.setAttribute("aria-hidden", "true");
  const body = el_("div", "ck-quiz-body");
  const actions = el_("div", "ck-quiz-actions");
  const check = el_("button", "ck-quiz-check");
  check.type = "submit";
  const reveal = el_("button", "ck-quiz-reveal", word(model, "reveal"));
  reveal.type = "button";
  reveal.hidden = true;
  const tally = el_("span", "ck-quiz-tally");
  actions.append(check, reveal, tally);
  const feedback = el_("div", "ck-quiz-feedback ck-empty");
  feedback.id = id + "-feedback";
  feedback.setAttribute("role", "status");
  feedback.setAttribute("aria-live", "polite");
  feedback.setAttribute("aria-atomic", "true");
  const icon = el_("span", "ck-quiz-icon");
  icon.setAttribute("aria-hidden", "true");
  const words = el_("span", "ck-quiz-words");
  feedback.append(icon, words);
  const before = el_("p", "ck-quiz-before");
  before.hidden = true;
  form.append(kicker, body, actions, feedback, before);
  el.appendChild(form);

  let earlierSolved = false;
  const exId = exerciseId(model);
  seenHere.add(exId);
  keepLesson((rec) => { rec.total = Math.max(rec.total || 0, seenHere.size); rec.solved = rec.solved || []; });
  function remember() {
    const solvedNow = !!model.get("solved");
    if (solvedNow) {
      keepLesson((rec) => { rec.solved = rec.solved || []; if (!rec.solved.includes(exId)) rec.solved.push(exId); });
    }
    const earlier = (lessonRecord().solved || []).includes(exId);
    earlierSolved = earlier;
    before.hidden = solvedNow || !earlier;
    before.textContent = word(model, "before");
    reveal.hidden = !(model.get("can_reveal") || (earlier && !solvedNow));
  }

  let radios = [];
  let input = null;

  function build() {
    body.replaceChildren();
    radios = [];
    input = null;
    const mode = model.get("mode");
    const question = model.get("question") || "";
    form.classList.toggle("ck-quiz-flat", mode === "cards");
    kicker.hidden = mode === "cards";
    if (mode === "choice") {
      const fs = el_("fieldset");
      const legend = el_("legend", "ck-quiz-question", question);
      const list = el_("div", "ck-quiz-choices");
      (model.get("choices") || []).forEach((text, i) => {
        const label = el_("label", "ck-quiz-choice");
        const radio = document.createElement("input");
        radio.type = "radio";
        radio.name = id + "-choice";
        radio.value = String(i);
        radio.addEventListener("keydown", (event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            event.stopPropagation();
            submit();
          }
        });
        label.append(radio, el_("span", "", text));
        list.appendChild(label);
        radios.push(radio);
      });
      const keys = el_("p", "ck-quiz-keys", word(model, "keys"));
      fs.append(legend, list, keys);
      body.appendChild(fs);
    } else if (mode === "number") {
      const label = el_("label", "ck-quiz-question", question);
      label.htmlFor = id + "-input";
      const row = el_("div", "ck-quiz-answer");
      input = document.createElement("input");
      input.type = "text";
      input.id = id + "-input";
      input.autocomplete = "off";
      input.spellcheck = false;
      input.setAttribute("autocapitalize", "off");
      const help = el_("span", "ck-quiz-help", word(model, "help"));
      help.id = id + "-help";
      input.setAttribute("aria-describedby", help.id + " " + feedback.id);
      input.addEventListener("keydown", (event) => {
        // Enter submits (the form does it too); keep the notebook from seeing the key.
        event.stopPropagation();
      });
      row.append(input, help);
      body.append(label, row);
    }
    kicker.textContent = word(model, "kicker");
    reveal.textContent = word(model, "reveal");
    name();
    showAnswer();
    update();
  }

  function name() {
    // Each exercise is a landmark (a form) named after its own question (Python words it,
    // "Exercise: …"), so that a page of exercises does not hold several landmarks alike.
    const label = word(model, "landmark");
    const taken = new Set(Array.from(document.querySelectorAll("form.ck-quiz"))
      .filter((f) => f !== form).map((f) => f.getAttribute("aria-label")));
    let unique = label;
    for (let k = 2; taken.has(unique); k++) unique = label + " (" + k + ")";
    form.setAttribute("aria-label", unique);
  }

  function submit() {
    const mode = model.get("mode");
    if (mode === "choice") {
      const picked = radios.findIndex((r) => r.checked);
      model.send({ type: "submit", choice: picked < 0 ? null : picked });
    } else if (mode === "number") {
      model.send({ type: "submit", text: input ? input.value : "" });
    } else {
      model.send({ type: "submit" });
    }
  }

  function showAnswer() {
    // Only when Python changes the answer (or the panel is built): never undo the
    // learner's own choice or typing while the feedback is being shown.
    const chosen = model.get("chosen");
    radios.forEach((r, i) => { r.checked = chosen === i; });
    if (input && document.activeElement !== input && input.value !== (model.get("text") || "")) {
      input.value = model.get("text") || "";
    }
  }

  function update() {
    check.textContent = model.get("submit_label") || "";
    const verdict = model.get("verdict") || "";
    const message = model.get("feedback") || "";
    feedback.className = "ck-quiz-feedback" + (message ? " ck-quiz-" + (verdict || "invalid") : " ck-empty");
    icon.textContent = message ? (ICONS[verdict] || ICONS.invalid) : "";
    words.textContent = message;
    reveal.hidden = !(model.get("can_reveal") || (earlierSolved && !model.get("solved")));
    tally.textContent = model.get("_tally") || "";
  }

  function again() {
    // The same words once more: empty the live region, then refill it.
    words.textContent = "";
    setTimeout(update, 60);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  reveal.addEventListener("click", () => model.send({ type: "reveal" }));

  const REBUILD = ["mode", "question", "choices", "help_text", "_words"];
  const UPDATE = ["verdict", "feedback", "attempts", "solved", "can_reveal", "submit_label", "_tally"];
  const ANSWER = ["chosen", "text"];
  for (const name of REBUILD) model.on("change:" + name, build);
  for (const name of UPDATE) model.on("change:" + name, update);
  for (const name of ANSWER) model.on("change:" + name, showAnswer);
  model.on("change:_n", again);
  model.on("change:solved", remember);
  build();
  remember();
  return () => {
    for (const name of REBUILD) model.off("change:" + name, build);
    for (const name of UPDATE) model.off("change:" + name, update);
    for (const name of ANSWER) model.off("change:" + name, showAnswer);
    model.off("change:_n", again);
    model.off("change:solved", remember);
  };
}

export default { render };
