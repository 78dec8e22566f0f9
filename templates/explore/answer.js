// A figure whose subject is a rule answers back: "Change the rule" under
// its caption redraws it (or writes its tables again) in place with the
// reader's rule, computed and certified by the engine's module, and
// "Reset" brings the author's figure back. This file only puts the button
// under each such figure, so a page that is only read loads no more; the
// rest (`change.js`, the worker, the module) loads when a reader presses
// it. Loaded as a module, so a page with two such figures runs it once.
const figures = document.querySelectorAll("figure[data-rule]");
if (figures.length) {
  const style = document.createElement("style");
  style.textContent = `
figure .answers { display: flex; flex-wrap: wrap; gap: .4rem .6rem; align-items: center; margin: .5rem 0 0; font-family: system-ui, sans-serif; font-size: .9rem; }
figure .answers button { font: inherit; color: inherit; background: transparent; border: 1px solid currentColor; border-radius: 4px; padding: .2rem .7rem; cursor: pointer; min-height: 24px; }
@media print { figure .answers { display: none; } }`;
  document.head.append(style);
}

for (const figure of figures) {
  if (!figure.querySelector("img, :scope > .table-frame")) continue;
  const row = document.createElement("form");
  row.className = "answers";
  row.innerHTML = `<button type="button" class="open" aria-expanded="false">Change the rule</button>`;
  figure.append(row);
  row.querySelector(".open").addEventListener("click", async () => (await import("./change.js")).open(figure, row), { once: true });
}
