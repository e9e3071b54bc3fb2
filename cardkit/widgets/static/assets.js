// The widgets' browser code and styles, sent once per page (cardkit/widgets/frontend.py):
// `modules` maps a name to an ES module's text, `styles` is every widget's stylesheet. Each
// widget's stub (loader.js) waits for its module by name.

function load(model) {
  const g = globalThis;
  g.__cardkitModules = g.__cardkitModules || {};
  g.__cardkitWaiters = g.__cardkitWaiters || {};
  const modules = model.get("modules") || {};
  for (const name of Object.keys(modules)) {
    if (g.__cardkitModules[name]) continue;
    const url = URL.createObjectURL(new Blob([modules[name]], { type: "text/javascript" }));
    const loaded = import(/* webpackIgnore: true */ url);
    g.__cardkitModules[name] = loaded;
    (g.__cardkitWaiters[name] || []).forEach((resolve) => resolve(loaded));
    g.__cardkitWaiters[name] = [];
  }
  let style = document.getElementById("cardkit-styles");
  if (!style) {
    style = document.createElement("style");
    style.id = "cardkit-styles";
    document.head.appendChild(style);
  }
  style.textContent = model.get("styles") || "";
}

function initialize({ model }) {
  load(model);
  model.on("change:modules", () => load(model));
  model.on("change:styles", () => load(model));
}

function render() {}

export default { initialize, render };
