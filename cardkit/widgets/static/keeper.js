// The browser half of FocusKeeper (cardkit/widgets/access.py): keeps the keyboard focus at
// its game table (the nearest element with the class ck-table).
//
// - Python's {"type": "focus", "target": "next" | "finish" | "hand" | "confirm"} moves the focus to the result's
//   Next round / Play again button, or to the first card of the learner's hand (.ck-my-hand),
//   as soon as that part is shown (tried for a few seconds while the page catches up).
// - Whenever the focused part of the table is hidden, removed or disabled, the focus goes to
//   the part that takes the learner's next move, never to the page (where the next Tab would
//   land in another table).
// Both happen only while the learner works at this table: the focus is inside it, or fell
// from it to the page; a click or a Tab elsewhere ends that.

function render({ model, el }) {
  let active = false;        // the learner's focus was last inside this table
  let wanted = null;         // a target Python asked for, until `until`
  let until = 0;
  let observer = null;
  let timer = null;

  function table() { return el.closest(".ck-table"); }
  function shown(e) {
    return !!e && e.isConnected && !e.disabled && e.getClientRects().length > 0 &&
      getComputedStyle(e).visibility !== "hidden";
  }
  function find(target) {
    const t = table();
    if (!t) return null;
    if (target === "next") {
      for (const sel of ["button.ck-next-round", "button.ck-play-again"]) {
        const b = t.querySelector(sel);
        if (shown(b)) return b;
      }
      return null;
    }
    if (target === "hand") {
      return Array.from(t.querySelectorAll(".ck-my-hand button.ck-card")).find(shown) || null;
    }
    if (target === "finish") {   // the learner is out: "Finish the game" is their next move
      const b = t.querySelector("button.ck-finish");
      return shown(b) ? b : null;
    }
    if (target === "confirm") {   // "are you sure?": the safe answer first
      const b = t.querySelector("button.ck-confirm-no");
      return shown(b) ? b : null;
    }
    return null;
  }
  function fallback() {
    const t = table();
    if (!t) return null;
    const play = Array.from(t.querySelectorAll(".ck-play-area button, .ck-play-area input")).find(shown);
    return find("next") || find("finish") || find("hand") || play ||
      Array.from(t.querySelectorAll("button, input, select")).find(shown) || null;
  }
  function lost() {
    const a = document.activeElement;
    return !a || a === document.body || a === document.documentElement || !shown(a);
  }
  function here() {
    const t = table();
    const a = document.activeElement;
    return !!t && !!a && a !== document.body && t.contains(a);
  }
  function put(target) {
    // only while the learner works here: the focus is in the table, or fell out of it
    if (!(here() || (active && lost()))) return false;
    const e = target ? find(target) : fallback();
    if (!e) return false;
    if (document.activeElement !== e) e.focus();
    active = true;
    return document.activeElement === e;
  }
  function check() {
    if (wanted && Date.now() < until) {
      if (put(wanted)) { wanted = null; }
      return;
    }
    wanted = null;
    if (active && lost()) put(null);
  }
  function soon() {
    if (timer !== null) return;
    timer = setTimeout(() => { timer = null; check(); }, 30);
  }
  function onFocusIn(event) {
    const t = table();
    active = !!t && t.contains(event.target);
  }
  function onPointer(event) {
    const t = table();
    if (!t || !t.contains(event.target)) active = false;
  }
  function watch() {
    const t = table();
    if (!t) return false;
    observer = new MutationObserver(soon);
    observer.observe(t, { subtree: true, childList: true, attributes: true,
                          attributeFilter: ["style", "class", "disabled", "hidden"] });
    t.addEventListener("focusout", soon);
    return true;
  }
  let tries = 0;
  const waitForTable = setInterval(() => {
    if (watch() || ++tries > 600) clearInterval(waitForTable);
  }, 100);
  function onMessage(msg) {
    if (!msg || msg.type !== "focus") return;
    wanted = msg.target;
    until = Date.now() + 4000;
    const step = () => {
      check();
      if (wanted && Date.now() < until) setTimeout(step, 60);
    };
    step();
  }
  document.addEventListener("focusin", onFocusIn, true);
  document.addEventListener("pointerdown", onPointer, true);
  model.on("msg:custom", onMessage);
  return () => {
    clearInterval(waitForTable);
    if (observer) observer.disconnect();
    const t = table();
    if (t) t.removeEventListener("focusout", soon);
    document.removeEventListener("focusin", onFocusIn, true);
    document.removeEventListener("pointerdown", onPointer, true);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
