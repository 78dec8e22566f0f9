// The Explore page against the command line (issue 33): on 200 rules drawn
// at random (a fixed seed, printed; EXPLORE_SEED sets another), every kind
// of rule, the page's answer must equal `ladder seq RULE --values N --json`
// and `ladder value RULE HEAP --json`: values hash, period, preperiod,
// certificate, saltus, the heap's value and how it was found; a rule or a
// count the command line refuses must be refused with the same words. Then
// each strip figure's own rule, redrawn by the page's module, must give the
// build's SVG byte for byte (desktop and phone). A request past the work
// budget must be refused with the budget's words, and a run the reader
// stops must stop and say so. axe runs on the page at 390 and 1280 px,
// light and dark.
//
// Usage: node explore.mjs LADDER REPO [SHOTS]. With EXPLORE_PLANT=1 it is
// its own negative control: the page's worker is served with six faults
// planted in its answers (a period one too long for every octal code, a
// values hash with its last digit changed, a heap's value plus one, a byte
// added to every drawing, a table's first cell moved by a space, a misère
// quotient's order plus one and a space after its first line), and
// the run must fail on each of them.
import { spawnSync, execFile } from "node:child_process";
import { readFileSync, readdirSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { serveFolder } from "./static.mjs";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const [ladder, repo, shots = join(repo, "target/browser")] = process.argv.slice(2);
mkdirSync(shots, { recursive: true });
const RULES = Number(process.env.EXPLORE_RULES || 200);
let seed = Number(process.env.EXPLORE_SEED || 20261202) >>> 0;
console.log(`explore: ${RULES} random rules, seed ${seed}`);

// mulberry32: a small seeded generator, so a failure can be run again.
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const between = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const pick = (list) => list[Math.floor(random() * list.length)];

function takes() {
  const set = new Set();
  const n = between(1, 4);
  while (set.size < n) set.add(between(1, 12));
  return [...set].sort((a, b) => a - b).join(",");
}
function digits(base, n) {
  let s = "";
  for (let i = 0; i < n; i++) s += between(0, base - 1).toString(base).toUpperCase();
  return s.replace(/0+$/, "") || String(between(1, base - 1).toString(base).toUpperCase());
}
function rule() {
  switch (pick(["sub", "pass", "octal", "octal", "hex"])) {
    case "sub": return "sub:" + takes();
    case "pass": return "pass:" + takes();
    case "octal": return "octal:" + pick(["·", ".", "0.", "4·"]) + digits(8, between(1, 4));
    default: return "hex:0." + digits(16, between(1, 3));
  }
}
function heap() {
  const kind = between(0, 2);
  if (kind === 0) return String(between(0, 5000));
  if (kind === 1) return (BigInt(between(1, 2 ** 30)) * BigInt(between(1, 2 ** 30)) * 16n + BigInt(between(0, 15))).toString();
  return (2n ** 64n - 1n - BigInt(between(0, 1000))).toString();
}

function fnv1a(values) {
  let hash = 0xcbf29ce484222325n;
  for (const v of values) {
    for (let i = 0; i < 4; i++) {
      hash ^= BigInt((v >>> (8 * i)) & 0xff);
      hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
    }
  }
  return hash.toString(16).padStart(16, "0");
}

function cli(args) {
  const run = spawnSync(ladder, args, { encoding: "utf8", maxBuffer: 1 << 28 });
  return { status: run.status, out: run.stdout, err: run.stderr };
}
// The same, run while the page computes.
function cliAsync(args) {
  return new Promise((done) => execFile(ladder, args, { encoding: "utf8", maxBuffer: 1 << 28 },
    (error, out, err) => done({ status: error ? error.code ?? 1 : 0, out, err })));
}

const failures = [];
function expect(ok, what) {
  if (!ok) failures.push(what);
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

const site = await serveFolder(join(repo, "output"));
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const plant = Boolean(process.env.EXPLORE_PLANT);
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
if (plant) {
  const worker = readFileSync(join(repo, "output/explore/worker.js"), "utf8").replace(
    "answer.milliseconds =",
    `if (answer.period != null && /^octal/.test(answer.rule)) answer.period += 1;
    if (answer.values_hash) answer.values_hash = answer.values_hash.slice(0, -1) + (answer.values_hash.endsWith("0") ? "1" : "0");
    if (answer.heap && answer.heap.value) answer.heap.value = String(BigInt(answer.heap.value) + 1n);
    if (answer.svg) { answer.svg += " "; answer.svg_phone += " "; }
    if (answer.tables) answer.tables[0] = answer.tables[0].replace("<td", "<td ");
    if (answer.misere && answer.misere.json) { answer.misere.json.order += 1; answer.misere.lines[0] += " "; }
    answer.milliseconds =`,
  );
  await context.route("**/explore/worker.js", (route) => route.fulfill({ contentType: "text/javascript", body: worker }));
}
const errors = [];
page.on("pageerror", (e) => errors.push(String(e)));
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
const fetched = [];
page.on("request", (r) => { if (r.url().endsWith(".wasm")) fetched.push(r.url().replace(/.*\//, "")); });
const t0 = Date.now();
await page.goto(site.origin + "/explore.html");
const settled = (p = page) => p.waitForFunction(() => ["done", "refused", "stopped"].includes(document.getElementById("status").dataset.state), null, { timeout: 120000, polling: 20 });
await settled();
console.log(`explore: first answer ${Date.now() - t0} ms after the page was asked for`);
// The first answer needs the engine's module alone (issue 52), and it is
// small enough for a phone: the figures' module waits for a redraw.
// Each module is named by its bytes (engine.<12 hex digits of its SHA-256>.wasm).
const modules = readdirSync(join(repo, "output/explore")).filter((f) => f.endsWith(".wasm"));
const engineFile = modules.find((f) => /^engine\.[0-9a-f]{12}\.wasm$/.test(f));
expect(modules.length === 2 && engineFile && modules.some((f) => /^ladder\.[0-9a-f]{12}\.wasm$/.test(f)), `the modules in output/explore are ${JSON.stringify(modules)}, not engine.<hash>.wasm and ladder.<hash>.wasm`);
const engineBytes = readFileSync(join(repo, "output/explore", engineFile));
expect(engineFile === `engine.${createHash("sha256").update(engineBytes).digest("hex").slice(0, 12)}.wasm`, `${engineFile} is not named by its bytes`);
const engineGzip = gzipSync(engineBytes).length;
expect(same(fetched, [engineFile]), `the first answer fetched ${JSON.stringify(fetched)}, not the engine's module alone`);
expect(engineGzip <= 150 * 1024, `the engine's module is ${engineGzip} bytes gzipped, more than 150 KB`);
console.log(`explore: the first answer fetched ${fetched.join(", ")} (${engineGzip.toLocaleString("en-US")} bytes gzipped)`);

async function askPage(request, p = page) {
  await p.evaluate((r) => {
    document.getElementById("status").dataset.state = "";
    document.getElementById("rule").value = r.rule;
    document.getElementById("values").value = String(r.values);
    document.getElementById("heap").value = r.heap || "";
    document.getElementById("misere").value = r.misere == null ? "" : String(r.misere);
    document.getElementById("go").click();
  }, request);
  await settled(p);
  return p.evaluate(() => ({
    answer: document.getElementById("answer").ladderAnswer,
    status: document.getElementById("status").textContent,
    url: location.search,
  }));
}

// The rules, drawn first (so the seed gives the same list), then asked in
// two lanes, each a page of its own (two cores), the command line's two
// runs going on while the page computes.
const requests = Array.from({ length: RULES }, () => ({ rule: rule(), values: between(20, 3000), heap: heap() }));
let compared = 0, refused = 0, heaps = 0;
async function check(request, p) {
  const where = `${request.rule} --values ${request.values} (heap ${request.heap})`;
  const commandLine = Promise.all([
    cliAsync(["seq", request.rule, "--values", String(request.values), "--json"]),
    cliAsync(["value", request.rule, request.heap, "--json", "--max-values", "524288"]),
  ]);
  const { answer, url } = await askPage(request, p);
  const [seq, value] = await commandLine;
  expect(new URLSearchParams(url).get("rule") === request.rule, `${where}: the URL does not hold the rule (${url})`);
  if (seq.status !== 0) {
    refused++;
    expect(answer.error && seq.err.includes(answer.error), `${where}: the CLI refuses (${seq.err.trim()}) but the page says ${JSON.stringify(answer.error)}`);
    return;
  }
  if (answer.error) {
    expect(false, `${where}: the page refuses (${answer.error}) what the CLI computes`);
    return;
  }
  const c = JSON.parse(seq.out);
  compared++;
  expect(answer.rule === c.rule, `${where}: rule ${answer.rule} ≠ ${c.rule}`);
  expect(answer.period === c.period && answer.preperiod === c.preperiod, `${where}: period ${answer.preperiod}+${answer.period} ≠ CLI ${c.preperiod}+${c.period}`);
  expect(same(answer.certificate, c.certificate), `${where}: certificate ${JSON.stringify(answer.certificate)} ≠ ${JSON.stringify(c.certificate)}`);
  expect(same(answer.arithmetic ?? null, c.arithmetic ?? null), `${where}: saltus ${JSON.stringify(answer.arithmetic)} ≠ ${JSON.stringify(c.arithmetic)}`);
  expect(answer.values_hash === fnv1a(c.values), `${where}: values hash ${answer.values_hash} ≠ ${fnv1a(c.values)}`);
  if (value.status === 0) {
    heaps++;
    // The value's JSON, read as text: a value past 2^53 stays exact.
    const exact = /"value":(\d+)/.exec(value.out)[1];
    const v = JSON.parse(value.out);
    expect(answer.heap && answer.heap.value === exact, `${where}: heap value ${answer.heap && answer.heap.value} ≠ ${exact}`);
    expect(answer.heap && answer.heap.explanation === v.explanation, `${where}: explanation ${answer.heap && answer.heap.explanation} ≠ ${v.explanation}`);
    expect(answer.heap && answer.heap.method === v.method, `${where}: method ${answer.heap && answer.heap.method} ≠ ${v.method}`);
  } else {
    expect(answer.heap && answer.heap.error && value.err.includes(answer.heap.error), `${where}: the CLI refuses the heap (${value.err.trim()}) but the page says ${JSON.stringify(answer.heap)}`);
  }
}
const second = await context.newPage();
second.on("pageerror", (e) => errors.push(String(e)));
await second.goto(site.origin + "/explore.html");
await settled(second);
await Promise.all([page, second].map(async (p, lane) => {
  for (let i = lane; i < requests.length; i += 2) await check(requests[i], p);
}));
console.log(`explore: ${compared} rules compared with the CLI, ${refused} refused by both, ${heaps} heaps valued by both`);

// The misère side (issue 52): MISERE_CODES octal codes of one to four
// digits, each asked for its quotient to a heap from 4 to 12;
// the page's object must be \`ladder misere CODE --heaps N --json\`'s, field
// for field, and its lines the command's text; a refusal (a rule that is
// not octal, heaps past the bound) the command's words.
// The codes are drawn from the atlas's misère records that took under 50 ms
// to 200 heaps (1,561 of the 8,192): the page's budget is the command's,
// and some codes' quotients run for minutes (4·337 to 7 heaps), which is a
// test of the engine's budget, not of the page.
const MISERE_CODES = plant ? 8 : Number(process.env.MISERE_CODES || 100);
const quick = readFileSync(join(repo, "records/atlas-misere.jsonl"), "utf8").split("\n")
  .filter(Boolean).map((line) => JSON.parse(line)).filter((r) => r.seconds < 0.05).map((r) => r.rule);
const misereRequests = Array.from({ length: MISERE_CODES }, () => ({
  rule: pick(quick),
  values: 100,
  misere: between(4, 12),
}));
misereRequests.push({ rule: "sub:1,2", values: 100, misere: 10 }, { rule: "octal:·07", values: 100, misere: 2001 });
let misereCompared = 0, misereRefused = 0;
async function checkMisere(request, p) {
  const where = `${request.rule} misère --heaps ${request.misere}`;
  const args = ["misere", request.rule, "--heaps", String(request.misere), "--max-seconds", "5"];
  const commandLine = Promise.all([cliAsync([...args, "--json"]), cliAsync(args)]);
  const { answer } = await askPage(request, p);
  const [json, text] = await commandLine;
  const m = answer.misere;
  if (json.status !== 0) {
    misereRefused++;
    expect(m && m.error && json.err.includes(m.error), `${where}: the CLI refuses (${json.err.trim()}) but the page says ${JSON.stringify(m)}`);
    return;
  }
  if (!m || m.error) {
    expect(false, `${where}: the page refuses (${m && m.error}) what the CLI computes`);
    return;
  }
  misereCompared++;
  const c = JSON.parse(json.out);
  for (const field of Object.keys(c)) {
    expect(same(m.json[field], c[field]), `${where}: misère ${field} ${JSON.stringify(m.json[field]).slice(0, 80)} ≠ CLI ${JSON.stringify(c[field]).slice(0, 80)}`);
  }
  expect(same(m.lines, text.out.trimEnd().split("\n")), `${where}: misère lines differ from the CLI's text`);
}
await Promise.all([page, second].map(async (p, lane) => {
  for (let i = lane; i < misereRequests.length; i += 2) await checkMisere(misereRequests[i], p);
}));
await second.close();
console.log(`explore: ${misereCompared} misère quotients compared with the CLI, ${misereRefused} refused by both`);
if (!plant) {
  // A quotient that runs for minutes (4·337 to 7 heaps: more than six
  // natively) is cut short at the page's time limit, in the CLI's words.
  const { answer } = await askPage({ rule: "octal:4·337", values: 100, misere: 7 });
  const why = answer.misere && answer.misere.json && answer.misere.json.unsettled && answer.misere.json.unsettled.why;
  expect(why === "the time limit of 5 s ran out", `4·337 to 7 heaps: the page says ${JSON.stringify(answer.misere).slice(0, 200)}`);
}

// The rest, but for the figures redrawn, reaches none of the planted faults:
// the control skips it.
if (!plant) {
  // Bad input: the parser's words, as the CLI prints them.
  for (const bad of ["sub:0", "octal:·9", "hex:0.G", "sub:1,1", "nim", "octal:"]) {
    const { answer } = await askPage({ rule: bad, values: 100 });
    const run = cli(["seq", bad, "--values", "100"]);
    expect(run.status !== 0 && answer.error && run.err.includes(answer.error), `${bad}: CLI says ${run.err.trim()}, the page ${JSON.stringify(answer.error)}`);
  }
  // Past the work budget: refused before anything is computed, in the CLI's words.
  for (const [r, n] of [["sub:1,2", 1e9], ["octal:·6", 5e9], ["hex:0.B7F", 1e6]]) {
    const { answer, status } = await askPage({ rule: r, values: n });
    const run = cli(["seq", r, "--values", String(n)]);
    expect(run.status !== 0 && answer.error && run.err.includes(answer.error) && /Refused/.test(status), `${r} --values ${n}: CLI says ${run.err.trim()}, the page ${status}`);
  }
  // A run the reader stops: the page says so and answers the next question.
  {
    await page.evaluate(() => {
      document.getElementById("status").dataset.state = "";
      document.getElementById("rule").value = "octal:·6";
      document.getElementById("values").value = "50000000";
      document.getElementById("go").click();
    });
    await page.waitForTimeout(300);
    await page.click("#stop");
    await settled();
    const status = await page.textContent("#status");
    expect(/Stopped/.test(status), `a stopped run says ${status}`);
    const { answer } = await askPage({ rule: "octal:·137", values: 2000, heap: "1000000000000000000" });
    expect(answer.period === 34 && answer.preperiod === 52 && answer.certificate.holds, `·137 after a stop: ${JSON.stringify(answer).slice(0, 200)}`);
  }
}

// Each rule-figure of the essays, redrawn by the module for its own rule
// (the request its page's answer.js sends, read from the figure's
// attributes, with its caption): the build's bytes, and its cells' names.
const manifest = readFileSync(join(repo, "figures.yaml"), "utf8");
// Each entry's caption, wherever in its block (an `expect:` line may come first).
const captions = Object.fromEntries([...manifest.matchAll(/- id: (\S+)\n((?:    .*\n)*?)    caption: (.*)\n/g)].map((m) => [m[1], m[3].replace(/^"(.*)"$/, "$1")]));
const unquote = (text) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const answering = [];
for (const file of readdirSync(join(repo, "output")).filter((f) => f.endsWith(".html"))) {
  const html = readFileSync(join(repo, "output", file), "utf8");
  for (const m of html.matchAll(/<figure id="fig-([^"]+)" data-kind="([^"]+)" data-rule="([^"]+)" data-params="([^"]+)">/g)) {
    answering.push({ file, id: m[1], kind: m[2], rule: unquote(m[3]), params: JSON.parse(unquote(m[4])) });
  }
}
const kinds = new Set(answering.map((f) => f.kind));
for (const kind of ["strip", "option-reach", "two-takes-strip", "period-window", "value-growth", "value-spread", "same-sequence", "shifted-pair", "pass-cases", "coalition-table", "coalition-lengths", "coalition-summary", "million-heap", "saltus", "certificate-lengths", "misere-quotient", "board-heaps"]) {
  expect(kinds.has(kind), `no figure of kind ${kind} answers back on the essays`);
}
let redrawn = 0;
for (const { file, id, kind, rule, params } of answering) {
  const base = kind === "strip" ? { rule, ...params } : { rule, kind, params, figure: id };
  const answer = await page.evaluate((r) => new Promise((ok) => {
    const w = new Worker("explore/worker.js");
    w.onmessage = (e) => { w.terminate(); ok(e.data); };
    w.postMessage(r);
  }), { ...base, caption: captions[id] });
  if (answer.error) { expect(false, `${id}: the module refused its own rule ${rule}: ${answer.error}`); continue; }
  if (answer.tables) {
    // A figure of tables: its tables and notes as the page's source holds
    // them, between the figure's opening tag and its caption.
    const html = readFileSync(join(repo, "output", file), "utf8");
    const start = html.indexOf(">", html.indexOf(`<figure id="fig-${id}"`)) + 2;
    const block = html.slice(start, html.indexOf(`<figcaption id="fig-${id}-caption"`, start));
    const module = [...answer.tables, ...answer.notes].map((part) => part + "\n").join("");
    let at = 0;
    while (at < block.length && block[at] === module[at]) at++;
    expect(block === module, `${id}: the module's tables for ${rule} differ from the build's from byte ${at}: ${JSON.stringify(module.slice(at, at + 60))} for ${JSON.stringify(block.slice(at, at + 60))}`);
    redrawn++;
    continue;
  }
  const svg = readFileSync(join(repo, "output/figures", id + ".svg"), "utf8");
  const phoneFile = join(repo, "output/figures", id + ".phone.svg");
  const phone = existsSync(phoneFile) ? readFileSync(phoneFile, "utf8") : svg;
  expect(answer.svg === svg, `${id}: the module's SVG for ${rule} differs from the build's`);
  expect(answer.svg_phone === phone, `${id}: the module's phone SVG for ${rule} differs from the build's`);
  const cellsFile = join(repo, "output/figures", id + ".cells.json");
  if (existsSync(cellsFile)) {
    expect(JSON.stringify(answer.cells) === JSON.stringify(JSON.parse(readFileSync(cellsFile, "utf8"))), `${id}: the module's cells differ from the build's`);
  }
  redrawn++;
}
expect(redrawn >= 11, `only ${redrawn} rule-figures found on the essays`);
console.log(`explore: ${redrawn} rule-figures (${[...kinds].join(", ")}) redrawn by the module and compared with the build's`);
let axeRuns = 0;
// The rest, but for the figures redrawn, reaches none of the planted faults:
// the control skips it.
if (!plant) {
  // Each rule figure on its essay answers back in place: "Change the rule",
  // another rule, "Draw": the module's drawing of that rule; "Reset": the
  // author's figure again.
  let answered = 0;
  const others = { "strip": ["sub:1,2", "sub:1,3,4"], "option-reach": ["sub:1,2,5"], "two-takes-strip": ["sub:2,5"], "period-window": ["octal:·77"], "value-growth": ["octal:·6 octal:·7"], "value-spread": ["octal:·6"], "same-sequence": ["octal:·3 sub:1"], "shifted-pair": ["octal:·07 octal:·137"], "pass-cases": ["pass:3,5 pass:2,9"], "coalition-table": ["sub:1,4", "nim"], "coalition-lengths": ["sub:1,2 nim"], "coalition-summary": ["kayles"], "million-heap": ["sub:2,5 12345678901234567890"], "saltus": ["hex:·9C hex:·8"], "certificate-lengths": ["sub:1,2,5 octal:·07 2000"], "misere-quotient": ["octal:·312", "octal:·75"], "board-heaps": ["octal:·07", "octal:·77"] };
  for (const { file, id, kind, rule, params } of answering) {
    const essay = await context.newPage();
    essay.on("pageerror", (e) => errors.push(String(e)));
    await essay.goto(`${site.origin}/${file}`);
    const figure = `#fig-${id}`;
    const other = others[kind].find((r) => r !== rule);
    const shown = (f) => [...document.querySelectorAll(`${f} > .table-frame, ${f} > .figure-note`)].map((e) => e.outerHTML).join("\n");
    const author = await essay.evaluate(shown, figure);
    await essay.click(`${figure} .answers .open`);
    await essay.fill(`${figure} .answers input`, other);
    await essay.click(`${figure} .answers button[type=submit]`);
    await essay.waitForFunction((f) => ["changed", "refused"].includes(document.querySelector(f).dataset.state), figure, { timeout: 60000, polling: 20 });
    const said = await essay.textContent(`${figure} .answers output`);
    expect(!/Refused/.test(said), `${id}: changed to ${other} in place: ${said}`);
    const expected = await page.evaluate((r) => new Promise((ok) => {
      const w = new Worker("explore/worker.js");
      w.onmessage = (e) => { w.terminate(); ok(e.data); };
      w.postMessage(r);
    }), kind === "strip" ? { rule: other, ...params } : { rule: other, kind, params, figure: id });
    // The figure's parts as the page's DOM writes them, and the module's
    // answer parsed and written by the same DOM.
    if (expected.tables) {
      const parsed = await essay.evaluate((parts) => { const t = document.createElement("template"); t.innerHTML = parts.join("\n"); return [...t.content.children].map((e) => e.outerHTML).join("\n"); }, [...expected.tables, ...expected.notes]);
      expect(await essay.evaluate(shown, figure) === parsed, `${id}: changed to ${other} in place, the tables are not the module's`);
    } else {
      const drawn = await essay.evaluate(async (f) => (await fetch(document.querySelector(`${f} img`).src)).text(), figure);
      expect(drawn === expected.svg, `${id}: changed to ${other} in place, the drawing is not the module's`);
    }
    if (answered === 0 || kind !== "strip") await essay.locator(figure).screenshot({ path: join(shots, `answer-${id}.png`) });
    await essay.click(`${figure} .answers .reset`);
    if (expected.tables) {
      expect(await essay.evaluate(shown, figure) === author, `${id}: reset does not bring the author's tables back`);
    } else {
      const back = await essay.evaluate((f) => document.querySelector(`${f} img`).getAttribute("src"), figure);
      expect(back === `figures/${id}.svg`, `${id}: reset leaves ${back}`);
    }
    await essay.close();
    answered++;
  }
  console.log(`explore: ${answered} figures changed in place and reset`);
  expect(errors.length === 0, `console errors: ${errors.join("; ")}`);

  // axe on the page, light then dark, at 390 and 1280 px.
  for (const width of [390, 1280]) {
    for (const scheme of ["light", "dark"]) {
      const p = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: scheme });
      await p.goto(site.origin + "/explore.html?rule=octal:.137&values=2000&heap=1000000000000000000");
      await p.waitForFunction(() => document.getElementById("status").dataset.state === "done", null, { timeout: 60000, polling: 20 });
      // The page's words (the atlas's entry, the module's lines, the
      // caption) with typographic apostrophes, as the essays have; a
      // command keeps its shell's quotes.
      const straight = await p.evaluate(() => {
        const words = [];
        for (const id of ["atlas-entry", "answer"]) {
          const walker = document.createTreeWalker(document.getElementById(id), NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            if (!n.parentElement.closest("pre, code") && /[A-Za-z]'/.test(n.data)) words.push(n.data.trim().slice(0, 60));
          }
        }
        return words;
      });
      expect(straight.length === 0, `straight apostrophes at ${width} px: ${straight.join(" | ")}`);
      await p.addScriptTag({ content: axeSource });
      const result = await p.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
      for (const v of result.violations) expect(false, `axe ${width} px ${scheme}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      if (!process.env.CI || process.env.BROWSER_SHOTS) await p.screenshot({ path: join(shots, `explore-${width}-${scheme}.png`), fullPage: true });
      await p.close();
      axeRuns++;
    }
  }
}
await browser.close();
site.close();
if (plant) {
  const caught = {
    period: failures.some((f) => /^octal\S* .*: period /.test(f)),
    hash: failures.some((f) => /values hash/.test(f)),
    heap: failures.some((f) => /heap value/.test(f)),
    drawing: failures.some((f) => /SVG for .* differs/.test(f)),
    table: failures.some((f) => /tables for .* differ from the build/.test(f)),
    misere: failures.some((f) => /misère order/.test(f)) && failures.some((f) => /misère lines/.test(f)),
  };
  const missed = Object.entries(caught).filter(([, found]) => !found).map(([name]) => name);
  if (missed.length) {
    console.error(`explore control: the planted faults went unseen: ${missed.join(", ")}`);
    process.exit(1);
  }
  console.log(`explore control: all 6 planted faults caught (${failures.length} failures)`);
  process.exit(0);
}
if (failures.length) {
  console.error(`explore: ${failures.length} failures:\n  ` + failures.slice(0, 40).join("\n  "));
  process.exit(1);
}
console.log(`explore: all agree; axe clean on ${axeRuns} runs`);
