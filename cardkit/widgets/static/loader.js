// Every cardkit widget's ES module is this stub: the real module (cards.js, status.js, …) is
// sent once per page by the widgets' "assets" model (cardkit/widgets/frontend.py, assets.js),
// and the stub waits for it by the name in the trait `_module`.

function moduleNamed(name) {
  const g = globalThis;
  g.__cardkitModules = g.__cardkitModules || {};
  g.__cardkitWaiters = g.__cardkitWaiters || {};
  if (g.__cardkitModules[name]) return g.__cardkitModules[name];
  return new Promise((resolve) => {
    (g.__cardkitWaiters[name] = g.__cardkitWaiters[name] || []).push(resolve);
  });
}

async function render(ctx) {
  const mod = await moduleNamed(ctx.model.get("_module"));
  return mod.default.render(ctx);
}

export default { render };
