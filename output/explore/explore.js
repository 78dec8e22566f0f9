"use strict";
(function () {
const $ = (id) => document.getElementById(id);
const form = $("ask"), status = $("status"), stop = $("stop"), go = $("go");
const section = $("answer");
let worker = null, started = 0, urls = [], engineModule = null, workerReady = null, waited = 0;
function say(text, state) {
written(status, text);
status.dataset.state = state;
}
function written(element, text) {
element.replaceChildren(...text.split("`").map((part, i) => {
if (i % 2 === 0) return document.createTextNode(typographic(part));
const code = document.createElement("code");
code.textContent = part;
return code;
}));
}
function typographic(text) {
return text.replace(/([A-Za-z])'/g, "$1’");
}
function spelled(rule) {
return /^(?:[04]?[.·])[0-7]+$/.test(rule) ? "octal:" + rule : rule;
}
function atlasAnchor(rule) {
const m = /^octal:([04]?)[.·]([0-7]+)$/.exec(rule);
if (!m) return null;
const digits = m[2].replace(/0+$/, "") || "0";
return digits.length > 4 ? null : (m[1] || "0") + "." + digits;
}
const parts = new Map();
function atlasPart(prefix) {
if (!parts.has(prefix)) {
parts.set(prefix, fetch("atlas/" + prefix + ".json").then((r) => {
if (!r.ok) throw new Error("atlas/" + prefix + ".json: " + r.status);
return r.json();
}));
}
return parts.get(prefix);
}
function grouped(n) { return Number(n).toLocaleString("en-US"); }
function atlasLines(row) {
const lines = [];
lines.push(row.through
? "Normal play: period " + grouped(row.period) + " from heap " + grouped(row.preperiod) +
", proved through " + row.through + ", the same game by the rules; its own run found no proof in " +
grouped(row.computed) + " values."
: row.period !== null
? "Normal play: period " + grouped(row.period) + " from heap " + grouped(row.preperiod) +
", proved: Theorem P’s window reads " + grouped(row.values_needed) + " values."
: "Normal play: no period proved in " + grouped(row.computed) + " values (stopped by " +
(row.normal === "time" ? "the time limit" : row.normal === "depth" ? "the depth asked" : "the engine") + ").");
const quotient = "quotient of " + grouped(row.order) + " elements, " + grouped(row.p_size) +
" in P (" + (row.tame ? "tame" : "wild") + ")";
lines.push(row.misere_period !== null
? "Misère play: " + quotient + "; Φ proved periodic by Theorem M, period " + row.misere_period +
" from heap " + row.misere_preperiod + ", so this is the whole game’s quotient."
: "Misère play: " + quotient + " for heaps 0 to " + row.heaps + "; unsettled" +
(row.unsettled ? " at " + row.unsettled : " at the heap bound") + ".");
if (row.equivalent) {
const e = row.equivalent;
const offset = e.offset === 0 ? "the same values" : "heap n plays as its heap n " +
(e.offset > 0 ? "+ " + e.offset : "− " + -e.offset);
const proof = e.proof === "structural" ? "proved from the rules (Lemma D, Lemma Z)"
: e.proof === "periodic" ? "proved: both periods proved, equal values" : "observed, not proved";
lines.push("Equivalent to " + e.code + ": " + offset + "; " + proof +
(e.misere_too ? "; one game in misère play too." : "."));
}
return lines;
}
function showAtlas(rule) {
const entry = $("atlas-entry");
const anchor = atlasAnchor(rule);
entry.hidden = true;
if (!anchor) return;
const begun = performance.now();
atlasPart(anchor.slice(0, 3)).then((rows) => {
const row = rows.find((r) => r.anchor === anchor);
if (!row || atlasAnchor(spelled($("rule").value.trim())) !== anchor) return;
$("atlas-code").textContent = row.code;
const list = $("atlas-lines");
list.replaceChildren();
for (const line of atlasLines(row)) {
const li = document.createElement("li");
written(li, line);
list.append(li);
}
$("atlas-row").href = "atlas/" + anchor.slice(0, 3) + ".html#" + anchor;
$("atlas-ms").textContent = grouped(Math.round(performance.now() - begun));
entry.ladderRow = row;
entry.hidden = false;
}, () => {});
}
function question() {
const heap = $("heap").value.trim();
const request = { rule: spelled($("rule").value.trim()), values: Number($("values").value) };
if (!Number.isSafeInteger(request.values) || request.values < 1) request.values = 0;
if (heap) request.heap = heap;
const misere = $("misere").value.trim();
if (misere) request.misere = Number.isSafeInteger(Number(misere)) && Number(misere) >= 0 ? Number(misere) : 0;
return request;
}
function remember(request) {
const query = new URLSearchParams({ rule: request.rule, values: String(request.values) });
if (request.heap) query.set("heap", request.heap);
if (request.misere != null) query.set("misere", String(request.misere));
history.replaceState(null, "", "?" + query.toString());
}
function blobUrl(svg, cells) {
const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
urls.push(url);
(globalThis.ladderCells ??= new Map()).set(url, cells);
return url;
}
function size(svg) {
const m = /<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"/.exec(svg);
return m ? [m[1], m[2]] : ["", ""];
}
function show(answer) {
section.ladderAnswer = answer;
if (answer.error) {
section.hidden = true;
say("Refused: " + answer.error, "refused");
return;
}
urls.forEach((u) => { URL.revokeObjectURL(u); globalThis.ladderCells?.delete(u); });
urls = [];
$("answer-rule").textContent = answer.rule;
const img = $("drawing"), phone = $("drawing-phone");
const [w, h] = size(answer.svg), [pw, ph] = size(answer.svg_phone);
img.src = blobUrl(answer.svg, answer.cells);
img.width = w; img.height = h;
phone.srcset = blobUrl(answer.svg_phone, answer.cells_phone);
phone.width = pw; phone.height = ph;
const desc = /<desc>([^<]*)<\/desc>/.exec(answer.svg);
img.alt = desc ? desc[1].replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&") : "";
$("drawing-caption").textContent = "The first " + Math.min(answer.head.length, answer.shown) +
" values of " + answer.rule + ", drawn by the code that draws the essays’ strips; " +
answer.computed.toLocaleString("en-US") + " values computed in your browser in " +
answer.milliseconds.toLocaleString("en-US") + " ms.";
const lines = $("lines");
lines.replaceChildren();
for (const line of answer.lines.concat(["values hash: " + answer.values_hash +
" (FNV-1a 64 over heaps 0 to " + (answer.computed - 1).toLocaleString("en-US") +
", each value a little-endian u32)"])) {
const li = document.createElement("li");
written(li, line);
lines.append(li);
}
const heap = answer.heap;
$("heap-answer").hidden = !heap;
let command = answer.command;
if (heap) {
$("heap-number").textContent = heap.error ? "" : BigInt(heap.heap).toLocaleString("en-US");
written($("heap-text"), heap.error
? "Refused: " + heap.error
: "Value " + heap.value + ": " + heap.explanation + ".");
command += "\n" + heap.command;
}
const misere = answer.misere;
$("misere-answer").hidden = !misere;
if (misere) {
const before = $("misere-lines"), after = $("misere-after"), frame = $("misere-table");
before.replaceChildren();
after.replaceChildren();
frame.replaceChildren();
frame.hidden = true;
let list = before;
for (const line of misere.error ? ["Refused: " + misere.error] : misere.lines) {
if (list === after && /^\s*\d+(\s+\d+)*\s*$/.test(line)) continue;
const li = document.createElement("li");
written(li, line);
list.append(li);
if (/^table \(/.test(line) && misere.json) {
frame.append(cayley(misere.json.table, misere.json.p_portion));
frame.hidden = false;
list = after;
}
}
command += "\n" + misere.command;
}
$("command").textContent = command;
section.hidden = false;
say("Computed in " + answer.milliseconds.toLocaleString("en-US") + " ms" + (answer.loaded_ms
? "; the engine loaded first, in " + answer.loaded_ms.toLocaleString("en-US") + " ms."
: "."), "done");
}
function cayley(rows, inP) {
const p = new Set(inP);
const name = (x) => String(x) + (p.has(x) ? "*" : "");
const table = document.createElement("table");
const caption = table.createCaption();
caption.textContent = "a·b: row a, column b; * and bold: in P";
const head = table.createTHead().insertRow();
head.append(Object.assign(document.createElement("th"), { textContent: "·", scope: "col" }));
rows.forEach((_, b) => head.append(Object.assign(document.createElement("th"), { textContent: name(b), scope: "col" })));
const body = table.createTBody();
rows.forEach((row, a) => {
const tr = body.insertRow();
tr.append(Object.assign(document.createElement("th"), { textContent: name(a), scope: "row" }));
for (const x of row) {
const td = tr.insertCell();
if (p.has(x)) td.append(Object.assign(document.createElement("strong"), { textContent: name(x) }));
else td.textContent = String(x);
}
});
return table;
}
function finish() {
go.disabled = false;
stop.disabled = true;
}
function startWorker() {
worker = new Worker("explore/worker.js");
worker.onmessage = (event) => {
event.data.loaded_ms = (event.data.loaded_ms || 0) + waited;
finish();
show(event.data);
};
worker.onerror = (event) => {
event.preventDefault();
worker.terminate();
worker = null;
finish();
show({ error: "the engine stopped: " + (event.message || "an error in its worker") });
};
if (!engineModule && WebAssembly.compileStreaming) {
engineModule = WebAssembly.compileStreaming(fetch("explore/engine.dd7c73b01cd2.wasm")).catch(() => null);
}
const own = worker;
workerReady = Promise.resolve(engineModule).then((module) => own.postMessage({ warm: true, module }));
}
if (typeof Worker === "function" && typeof WebAssembly === "object") startWorker();
function ask(request) {
remember(request);
showAtlas(request.rule);
if (!worker) startWorker();
started = performance.now();
go.disabled = true;
stop.disabled = false;
say("Computing " + request.values.toLocaleString("en-US") + " values of " + request.rule + "…", "running");
const own = worker, asked = performance.now();
workerReady.then(() => {
waited = Math.round(performance.now() - asked);
if (worker === own) own.postMessage(request);
});
}
stop.addEventListener("click", () => {
if (!worker) return;
worker.terminate();
worker = null;
finish();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
say("Stopped after " + seconds + " s, before an answer: nothing was kept. Ask for fewer values to get one sooner.", "stopped");
});
form.addEventListener("submit", (event) => {
event.preventDefault();
ask(question());
});
const query = new URLSearchParams(location.search);
for (const name of ["rule", "values", "heap", "misere"]) {
if (query.has(name)) $(name).value = query.get(name);
}
ask(question());
})();
