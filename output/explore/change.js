const style = document.createElement("style");
style.textContent = `
figure .answers input { font: inherit; font-family: ui-monospace, monospace; color: inherit; background: var(--paper); border: 1px solid currentColor; border-radius: 4px; padding: .2rem .4rem; min-width: 0; flex: 1 1 10rem; }
figure .answers output { flex-basis: 100%; }`;
document.head.append(style);
const typographic = (text) => text.replace(/([A-Za-z])'/g, "$1\u2019");
function request(figure, rule) {
const kind = figure.dataset.kind, params = JSON.parse(figure.dataset.params || "{}");
return kind === "strip" ? { rule, ...params } : { rule, kind, params, figure: figure.id.replace(/^fig-/, "") };
}
let worker = null;
const waiting = new Map();
let asked = 0;
function ask(request) {
if (!worker) {
worker = new Worker(new URL("worker.js", import.meta.url));
worker.onmessage = (event) => {
const [id, answer] = [event.data.id, event.data];
const done = waiting.get(id);
waiting.delete(id);
if (done) done(answer);
};
worker.onerror = (event) => {
event.preventDefault();
worker.terminate();
worker = null;
for (const done of waiting.values()) done({ error: "the engine stopped: " + (event.message || "an error in its worker") });
waiting.clear();
};
}
const id = ++asked;
return new Promise((done) => {
waiting.set(id, done);
worker.postMessage({ ...request, id });
});
}
const parts = (figure) => figure.querySelectorAll(":scope > .table-frame, :scope > .figure-note");
function replaceParts(figure, nodes) {
for (const part of parts(figure)) part.remove();
figure.querySelector("figcaption").before(...nodes);
}
export function open(figure, row) {
const img = figure.querySelector("img");
const source = figure.querySelector("picture source");
const author = img ? { rule: figure.dataset.rule, src: img.getAttribute("src"), width: img.getAttribute("width"),
height: img.getAttribute("height"), alt: img.alt, srcset: source && source.getAttribute("srcset"),
sourceWidth: source && source.getAttribute("width"), sourceHeight: source && source.getAttribute("height") }
: { rule: figure.dataset.rule, parts: [...parts(figure)] };
const id = figure.id + "-rule";
const button = row.querySelector(".open");
button.setAttribute("aria-controls", id + "-fields");
button.insertAdjacentHTML("afterend", `
<span id="${id}-fields" hidden><label for="${id}">${{ "value-growth": "Rules, apart by spaces", "same-sequence": "Two rules, apart by a space", "shifted-pair": "Two rules, apart by a space", "pass-cases": "Pass rules of two takes, apart by spaces", "coalition-table": "Ruleset (nim, sub:1,2, octal:·77)", "coalition-lengths": "Two rulesets, apart by a space", "coalition-summary": "Rulesets, apart by spaces", "million-heap": "Rules of two takes, each followed by its heap", "saltus": "Take-and-break codes, apart by spaces", "certificate-lengths": "Rules, apart by spaces, each followed by its count of values if not 2000", "misere-quotient": "Octal code (·75, 0.312, 4·07)", "board-heaps": "The code the board is read as (·77, 0.07)" }[figure.dataset.kind] || "Rule"}</label> <input id="${id}" spellcheck="false" autocapitalize="off" autocomplete="off"> <button type="submit">Draw</button> <button type="button" class="reset">Reset</button></span>
<output aria-live="polite"></output>`);
const fields = row.querySelector("span"), input = row.querySelector("input");
const out = row.querySelector("output");
input.value = author.rule;
const caption = figure.querySelector("figcaption");
const whose = (changed) => {
if (!caption) return;
let note = caption.querySelector(".caption-whose");
if (!changed || changed === author.rule) { if (note) note.remove(); return; }
if (!note) {
note = document.createElement("em");
note.className = "caption-whose";
caption.prepend(note);
}
note.textContent = "The author’s caption, for " + author.rule + ", not " + changed + ": ";
};
const toggle = () => {
const shown = fields.hidden;
fields.hidden = !shown;
button.setAttribute("aria-expanded", String(shown));
if (shown) input.focus();
};
button.addEventListener("click", toggle);
toggle();
const size = (svg) => /<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"/.exec(svg) || [];
let drawn = [];
const blob = (svg, cells) => {
const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
(globalThis.ladderCells ??= new Map()).set(url, cells);
drawn.push(url);
return url;
};
const forget = () => {
for (const url of drawn) { URL.revokeObjectURL(url); globalThis.ladderCells.delete(url); }
drawn = [];
};
row.addEventListener("submit", async (event) => {
event.preventDefault();
out.textContent = "Computing " + input.value.trim() + "…";
figure.dataset.state = "running";
const answer = await ask(request(figure, input.value.trim()));
if (answer.error) {
out.textContent = "Refused: " + answer.error;
figure.dataset.state = "refused";
return;
}
if (!img) {
const made = document.createElement("template");
made.innerHTML = [...answer.tables, ...answer.notes].join("\n");
replaceParts(figure, [...made.content.children]);
out.textContent = "Drawn for " + answer.rule + ", not the author’s " + author.rule + ": " + typographic(answer.lines.join("; ")).replace(/\.$/, "") + ".";
figure.dataset.state = "changed";
whose(answer.rule);
return;
}
const [, w, h] = size(answer.svg);
forget();
img.src = blob(answer.svg, answer.cells);
img.width = w; img.height = h;
const desc = /<desc>([^<]*)<\/desc>/.exec(answer.svg);
img.alt = desc ? desc[1].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&") : "";
if (source) {
const [, pw, ph] = size(answer.svg_phone);
source.srcset = blob(answer.svg_phone, answer.cells_phone);
source.width = pw; source.height = ph;
}
out.textContent = "Drawn for " + answer.rule + ", not the author’s " + author.rule + ": " + typographic(answer.lines.join("; ")).replace(/\.$/, "") + ".";
figure.dataset.state = "changed";
whose(answer.rule);
});
row.querySelector(".reset").addEventListener("click", () => {
input.value = author.rule;
out.textContent = "The author’s figure, " + author.rule + ", again.";
figure.dataset.state = "reset";
whose(null);
if (!img) return replaceParts(figure, author.parts);
img.setAttribute("src", author.src);
forget();
img.setAttribute("width", author.width);
img.setAttribute("height", author.height);
img.alt = author.alt;
if (source) {
source.setAttribute("srcset", author.srcset);
source.setAttribute("width", author.sourceWidth);
source.setAttribute("height", author.sourceHeight);
}
});
}
