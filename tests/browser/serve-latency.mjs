// Save-to-page latency of `ladder serve`, measured as an author meets it: a
// word saved into a content file, and the time until the open page in
// headless Chromium shows it (the page reloads itself on the server's event).
// A benchmark, not a test: it asserts nothing and prints medians.
//
// Usage: node serve-latency.mjs [--saves N] [--page ID] PROJECT_DIR LADDER_BINARY…
//
// Each binary serves its own copy of the project's sources, with the
// project's figure cache and output/ (so every server starts warm, with an
// earlier site), on a free loopback port. The saves are interleaved: each
// round saves once into every server's copy, in an order that alternates, so
// a burst of load on this shared machine falls on all of them alike. For a
// prose edit (this script's) and a template edit (`--template`), the time is
// from the write to the moment the page's DOM first holds the word, as the
// page itself notes it (a MutationObserver installed in every page load, on
// the machine's one clock).
import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";

const args = process.argv.slice(2);
let saves = 9;
let pageId = "octal";
let template = false;
const rest = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--saves") saves = Number(args[++i]);
  else if (args[i] === "--page") pageId = args[++i];
  else if (args[i] === "--template") template = true;
  else rest.push(args[i]);
}
const [project, ...binaries] = rest.map((p) => resolve(p));
if (!project || binaries.length === 0 || !(saves > 0)) {
  console.error("usage: node serve-latency.mjs [--saves N] [--page ID] [--template] PROJECT_DIR LADDER_BINARY…");
  process.exit(2);
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** Starts `binary` serving a copy of the project; resolves once its first build is done. */
async function start(binary, index) {
  const work = await mkdtemp(join(tmpdir(), `ladder-latency-${index}-`));
  for (const source of ["figures.yaml", "references.yaml", "content", "templates", "records", "output", ".cache/ladder"]) {
    await cp(join(project, source), join(work, source), { recursive: true }).catch(() => {});
  }
  const child = spawn(binary, ["serve", "--port", "0"], { cwd: work, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => (err += c));
  const deadline = Date.now() + 600_000;
  while (!/built \(first build\)/.test(err) || !/serving (http:\/\/127\.0\.0\.1:\d+)\//.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${binary} did not start:\n${err}`);
    await sleep(50);
  }
  const url = out.match(/serving (http:\/\/127\.0\.0\.1:\d+)\//)[1];
  return { binary, work, child, url, times: [] };
}

/** The file a save edits, and the edit that puts `word` in the page. */
function edit(server, word) {
  if (template) {
    const file = join(server.work, "templates/base.html");
    return { file, change: (text) => text.replace(/<\/main>/i, `<p>${word}</p></main>`) };
  }
  const file = join(server.work, "content", `${pageId}.md`);
  return { file, change: (text) => `${text}\nA word saved for the benchmark: ${word}.\n` };
}

async function save(server, page, word) {
  const { file, change } = edit(server, word);
  const original = server.original ?? (server.original = { file, text: await readFile(file, "utf8") });
  await page.evaluate((w) => { sessionStorage.setItem("bench", w); window.__seen = 0; }, word);
  const begun = Date.now();
  await writeFile(file, change(original.text));
  for (;;) {
    // Read cheaply: the page notes the moment itself (below).
    const seen = await page.evaluate(() => window.__seen).catch(() => 0);
    if (seen) return seen - begun;
    if (Date.now() - begun > 30_000) throw new Error(`${server.binary}: ${word} never shown`);
    await sleep(20);
  }
}

/** Run in every page as it loads: notes (Date.now, the same clock as the
 * save's) when the word saved last is first in the document, whether the page
 * reloaded or changed in place. */
function noteTheWord() {
  const check = () => {
    const word = sessionStorage.getItem("bench");
    if (word && !window.__seen && document.body && document.body.textContent.includes(word)) window.__seen = Date.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  document.addEventListener("DOMContentLoaded", check);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const servers = [];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  for (const [i, binary] of binaries.entries()) servers.push(await start(binary, i));
  const pages = [];
  for (const server of servers) {
    const page = await browser.newPage();
    await page.addInitScript(noteTheWord);
    await page.goto(`${server.url}/${pageId}.html`);
    await sleep(500); // the event stream connected
    pages.push(page);
  }
  for (let round = 0; round < saves; round++) {
    const order = servers.map((_, i) => i);
    if (round % 2) order.reverse();
    for (const i of order) {
      servers[i].times.push(await save(servers[i], pages[i], `benchword${round}x${i}q`));
      await sleep(300); // the server settles before the next save
    }
  }
  const what = template ? "a template edit" : `a prose edit of content/${pageId}.md`;
  console.log(`save-to-page for ${what}, ${saves} saves each (ms):`);
  for (const s of servers) {
    const t = s.times;
    console.log(`  median ${median(t).toFixed(0).padStart(5)}   min ${Math.min(...t).toFixed(0).padStart(5)}   max ${Math.max(...t).toFixed(0).padStart(5)}   ${s.binary}`);
  }
} finally {
  await browser.close();
  for (const s of servers) {
    s.child.kill("SIGTERM");
    await rm(s.work, { recursive: true, force: true });
  }
}
