"""The browser half of the exercises (:mod:`cardkit.classroom.quiz`), kept inline.

How the browser talks to Python
-------------------------------
The panel reads these synced traits:

``question``      the question (plain text; shown as the legend of the choices or
                  the label of the answer box; empty in ``'cards'`` mode)
``mode``          ``'choice'`` (radio buttons), ``'number'`` (a text box) or
                  ``'cards'`` (only the Check button: the cards are in a Hand)
``choices``       the choices' texts (``'choice'`` mode)
``chosen``        index of the chosen choice, or null
``text``          what is in the answer box (``'number'`` mode)
``help_text``     a hint under the box ("e.g. 0.25, 1/4 or 25%")
``submit_label``  the Check button's words
``verdict``       ``''``, ``'right'``, ``'wrong'``, ``'invalid'`` or ``'revealed'``
``feedback``      the feedback sentence (plain text), read out by screen readers
``attempts``, ``solved``  the tally shown beside the buttons
``can_reveal``    show the "Show the answer" button
``_n``            grows by one with every feedback, so the same words are read again

and sends ``{"type": "submit", "choice": i}`` / ``{"type": "submit", "text": "…"}``
/ ``{"type": "submit"}`` when the learner presses Check or Enter, and
``{"type": "reveal"}`` for "Show the answer".  Python judges and sets the
feedback; the browser never judges.
"""

from __future__ import annotations

from ..widgets._frontend import FONT_STACK_CSS

QUIZ_CSS = """
.ck-quiz {
  --ck-accent: #0b57d0; --ck-ink: var(--jp-ui-font-color1, #1f1f1f);
  --ck-soft: var(--jp-layout-color2, #f3f5f9); --ck-line: var(--jp-border-color1, #b9c0cc);
  font-family: FONTS; color: var(--ck-ink); margin: 6px 0 10px; max-width: 46rem;
  border: 1px solid var(--ck-line); border-left: 5px solid var(--ck-accent); border-radius: 8px;
  padding: 0.6em 0.9em 0.7em; background: var(--jp-layout-color0, #fff);
}
.ck-quiz-kicker { font-size: 0.8rem; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase;
  color: var(--ck-accent); margin: 0 0 0.25em; }
.ck-quiz fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
.ck-quiz-question { display: block; font-size: 1rem; font-weight: 600; line-height: 1.45; margin: 0 0 0.5em;
  padding: 0; white-space: pre-line; }
.ck-quiz-choices { display: flex; flex-direction: column; gap: 0.3em; margin: 0 0 0.6em; }
.ck-quiz-choice { display: flex; align-items: baseline; gap: 0.55em; padding: 0.35em 0.6em; border-radius: 6px;
  border: 1px solid var(--ck-line); background: var(--ck-soft); cursor: pointer; line-height: 1.4; }
.ck-quiz-choice:hover { border-color: var(--ck-accent); }
.ck-quiz-choice input { margin: 0; flex: 0 0 auto; width: 1.05em; height: 1.05em; accent-color: var(--ck-accent); }
.ck-quiz-choice:has(input:checked) { border-color: var(--ck-accent); box-shadow: inset 0 0 0 1px var(--ck-accent); }
.ck-quiz-choice:has(input:focus-visible) { outline: 3px solid var(--ck-accent); outline-offset: 2px; }
.ck-quiz-answer { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5em; margin: 0 0 0.6em; }
.ck-quiz-answer input { font: inherit; font-size: 1rem; padding: 0.35em 0.5em; min-width: 12em; max-width: 100%;
  border: 1px solid var(--ck-line); border-radius: 6px; color: var(--ck-ink); background: var(--jp-layout-color0, #fff); }
.ck-quiz-answer input:focus-visible { outline: 3px solid var(--ck-accent); outline-offset: 1px; }
.ck-quiz-help { font-size: 0.85rem; opacity: 0.85; }
.ck-quiz-actions { display: flex; flex-wrap: wrap; align-items: center; gap: 0.6em; }
.ck-quiz button { font: inherit; font-size: 0.95rem; padding: 0.35em 1.1em; border-radius: 6px; cursor: pointer;
  border: 1px solid var(--ck-accent); }
.ck-quiz button.ck-quiz-check { background: var(--ck-accent); color: #fff; font-weight: 600; }
.ck-quiz button.ck-quiz-reveal { background: transparent; color: var(--ck-accent); }
.ck-quiz button:focus-visible { outline: 3px solid var(--ck-ink); outline-offset: 2px; }
.ck-quiz button[hidden] { display: none; }
.ck-quiz-tally { font-size: 0.85rem; opacity: 0.85; }
.ck-quiz-feedback { display: flex; align-items: baseline; gap: 0.5em; margin: 0.6em 0 0; padding: 0.45em 0.75em;
  border: 1px solid; border-left-width: 5px; border-radius: 6px; line-height: 1.45; }
.ck-quiz-feedback.ck-empty { display: none; }
.ck-quiz-icon { font-weight: 700; flex: 0 0 auto; }
.ck-quiz-right { background: #e6f4ea; border-color: #2f8a4a; color: #0b5227; }
.ck-quiz-wrong { background: #fce8e6; border-color: #c5221f; color: #8a0f0c; }
.ck-quiz-invalid { background: #fef7e0; border-color: #b7800b; color: #5c3b00; }
.ck-quiz-revealed { background: #e8f0fe; border-color: #4c7fd8; color: #123e87; }
.ck-sr {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0;
}
.ck-quiz.ck-quiz-flat { border: 0; padding: 0; margin: 0; background: transparent; }
.ck-quiz-box {
  border: 1px solid var(--jp-border-color1, #b9c0cc) !important; border-left: 5px solid #0b57d0 !important;
  border-radius: 8px; padding: 0.6em 0.9em 0.7em !important; margin: 6px 0 10px !important; max-width: 46rem;
  background: var(--jp-layout-color0, #fff);
}
.ck-quiz-box .ck-quiz-kicker { font-family: FONTS; color: #0b57d0; }
.ck-quiz-title { font-size: 1rem; font-weight: 600; line-height: 1.45; margin: 0.4em 0 0; white-space: pre-line;
  font-family: FONTS; color: var(--jp-ui-font-color1, #1f1f1f); }
""".replace("FONTS", FONT_STACK_CSS)

QUIZ_ESM = r"""
let counter = 0;
const ICONS = { right: "\u2714\uFE0E", wrong: "\u2716\uFE0E", invalid: "\u26A0\uFE0E", revealed: "\u2139\uFE0E" };

function el_(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function render({ model, el }) {
  const id = "ck-quiz-" + (++counter) + "-" + Math.random().toString(36).slice(2, 8);
  const form = el_("form", "ck-quiz");
  form.noValidate = true;
  form.setAttribute("data-lm-suppress-shortcuts", "true");
  form.setAttribute("aria-label", "Exercise");
  const kicker = el_("div", "ck-quiz-kicker", "Exercise");
  kicker.setAttribute("aria-hidden", "true");
  const body = el_("div", "ck-quiz-body");
  const actions = el_("div", "ck-quiz-actions");
  const check = el_("button", "ck-quiz-check");
  check.type = "submit";
  const reveal = el_("button", "ck-quiz-reveal", "Show the answer");
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
  form.append(kicker, body, actions, feedback);
  el.appendChild(form);

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
      fs.append(legend, list);
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
      const help = el_("span", "ck-quiz-help", model.get("help_text") || "");
      help.id = id + "-help";
      input.setAttribute("aria-describedby", help.id + " " + feedback.id);
      input.addEventListener("keydown", (event) => {
        // Enter submits (the form does it too); keep the notebook from seeing the key.
        event.stopPropagation();
      });
      row.append(input, help);
      body.append(label, row);
    }
    showAnswer();
    update();
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
    check.textContent = model.get("submit_label") || "Check";
    const verdict = model.get("verdict") || "";
    const message = model.get("feedback") || "";
    feedback.className = "ck-quiz-feedback" + (message ? " ck-quiz-" + (verdict || "invalid") : " ck-empty");
    icon.textContent = message ? (ICONS[verdict] || ICONS.invalid) : "";
    words.textContent = message;
    reveal.hidden = !model.get("can_reveal");
    const n = model.get("attempts") || 0;
    const solved = !!model.get("solved");
    tally.textContent = n ? ("Attempts: " + n + (solved ? " \u00b7 solved \u2714\uFE0E" : "")) : "";
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

  const REBUILD = ["mode", "question", "choices", "help_text"];
  const UPDATE = ["verdict", "feedback", "attempts", "solved", "can_reveal", "submit_label"];
  const ANSWER = ["chosen", "text"];
  for (const name of REBUILD) model.on("change:" + name, build);
  for (const name of UPDATE) model.on("change:" + name, update);
  for (const name of ANSWER) model.on("change:" + name, showAnswer);
  model.on("change:_n", again);
  build();
  return () => {
    for (const name of REBUILD) model.off("change:" + name, build);
    for (const name of UPDATE) model.off("change:" + name, update);
    for (const name of ANSWER) model.off("change:" + name, showAnswer);
    model.off("change:_n", again);
  };
}

export default { render };
"""
