// The browser test of `ladder serve` (the manual: content/manual-getting-started.md): on a copy of the site's sources
// in a temporary folder (the real ones are never edited), starts the server on
// a free loopback port, opens a page in headless Chromium and, without ever
// reloading it by hand:
//   1. edits a content file and sees the new sentence appear;
//   2. edits a figure's parameter (the `shown` of strip cert-1-3-4) and sees
//      the new figure (a narrower image, other SVG bytes, the new data);
//   3. breaks the manifest (an unknown field) and sees the error overlay with
//      the located message (figures.yaml:LINE:COLUMN), over the last good page;
//   4. fixes it and sees the overlay go and the page come back;
// then stops the server with Ctrl-C's signal and expects a clean exit. Each
// wait fails after 20 s. It also fails on a console or page error, a request
// outside the server, and the reload script found in output/ (which must stay
// what `ladder build` writes). Screenshots go to target/browser/serve-*.png.
//
// Usage: node serve.mjs LADDER_BINARY PROJECT_DIR SCREENSHOT_DIR
import { spawn } from "node:child_process";
import { cp, mkdtemp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";

const [ladder, project, shots] = process.argv.slice(2).map((p) => resolve(p));
const WAIT = 20_000;
const started = Date.now();
const problems = [];
const passed = [];

const work = await mkdtemp(join(tmpdir(), "ladder-serve-"));
for (const source of ["figures.yaml", "references.yaml", "content", "templates", "records"]) {
  await cp(join(project, source), join(work, source), { recursive: true });
}
// The figure cache, when there is one: the first build then computes nothing.
await cp(join(project, ".cache/ladder"), join(work, ".cache/ladder"), { recursive: true }).catch(() => {});
await mkdir(shots, { recursive: true });

// --port 0: the system picks a free port; the server prints its URL once the site is built.
const server = spawn(ladder, ["serve", "--port", "0"], { cwd: work, stdio: ["ignore", "pipe", "pipe"] });
let log = "";
server.stderr.on("data", (chunk) => (log += chunk));
server.on("error", (e) => (log += `cannot start ${ladder}: ${e.message}\n`));
const exited = new Promise((ok) => server.on("exit", (code, signal) => ok({ code, signal })));
let browser;

/** Polls `probe` until it returns something truthy; fails after `ms` with `what`. */
async function until(what, probe, ms = WAIT) {
  const deadline = Date.now() + ms;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (e) {
      last = e; // a page that is reloading cannot be read: try again
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`waited ${ms / 1000} s for ${what}${last ? ` (last error: ${last.message})` : ""}`);
}

async function step(name, body) {
  const start = Date.now();
  await body();
  passed.push(name);
  console.log(`ok   ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
}

try {
  let out = "";
  server.stdout.on("data", (chunk) => (out += chunk));
  const origin = await until("the server's URL", () => {
    if (server.exitCode !== null || log.includes("cannot start")) throw new Error(`ladder serve did not start:\n${log}`);
    return out.match(/serving (http:\/\/127\.0\.0\.1:\d+)\//)?.[1];
    // The first build computes every figure cold: the solved octal games
    // alone are about 25 s of both cores' work, more on a shared machine.
  }, 180_000);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync"],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console error: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("request", (r) => { if (!r.url().startsWith(`${origin}/`)) problems.push(`request outside the server: ${r.url()}`); });
  let loads = 0;
  page.on("load", () => loads++);
  await page.goto(`${origin}/certificates.html`, { waitUntil: "load" });
  // The reload script is listening once its event stream has said which build is served.
  const text = () => page.evaluate(() => document.body.innerText);
  const figure = "#fig-cert-1-3-4 img";
  const image = () => page.evaluate((sel) => {
    const img = document.querySelector(sel);
    return img && img.complete && img.naturalWidth > 0 ? img.naturalWidth : 0;
  }, figure);
  const svg = () => page.evaluate((sel) => fetch(document.querySelector(sel).src).then((r) => r.text()), figure);
  const overlay = () => page.evaluate(() => document.getElementById("ladder-overlay")?.shadowRoot?.querySelector("pre")?.textContent ?? "");
  const manifest = join(work, "figures.yaml");
  const original = await readFile(manifest, "utf8");

  await step("a content edit appears without a reload", async () => {
    const sentence = "Written while ladder serve watched: it appears by itself.";
    const before = loads;
    const file = join(work, "content", "certificates.md");
    await writeFile(file, `${await readFile(file, "utf8")}\n${sentence}\n`);
    await until(`the sentence on the page (server log:\n${log})`, async () => (await text()).includes(sentence));
    // The new document can be read before its `load` event fires (its images
    // still loading), so give the event a moment rather than failing at once.
    await until("the page's reload (the text changed without the page reloading itself)", () => loads > before, 5_000);
    for (const name of (await readdir(join(work, "output"))).filter((f) => f.endsWith(".html"))) {
      // The script element the server adds, not the words: the manual's
      // page on writing names /__ladder/reload.js in its prose.
      if ((await readFile(join(work, "output", name), "utf8")).includes('<script src="/__ladder/')) {
        throw new Error(`output/${name} holds the reload script: it belongs only in what is served`);
      }
    }
  });

  await step("a figure parameter edit shows the new figure", async () => {
    const [width, bytes] = [await until("the figure", image), await svg()];
    if (!/^      shown: 28$/m.test(original)) throw new Error("figures.yaml no longer has `shown: 28` for cert-1-3-4");
    await writeFile(manifest, original.replace(/^      shown: 28$/m, "      shown: 14"));
    const narrower = await until(`a narrower figure (it was ${width} px; server log:\n${log})`, async () => {
      const now = await image();
      return now > 0 && now < width ? now : 0;
    });
    if ((await svg()) === bytes) throw new Error("the figure's SVG did not change");
    const data = JSON.parse(await readFile(join(work, "output", "data", "cert-1-3-4.json"), "utf8"));
    if (data.shown !== 14) throw new Error(`data/cert-1-3-4.json says shown ${data.shown}, not 14`);
    console.log(`     figure ${width} px wide, then ${narrower} px`);
  });

  await step("a broken manifest shows the located error over the last good page", async () => {
    const lines = original.replace(/^      shown: 28$/m, "      shown: 14\n      bogus: 1").split("\n");
    await writeFile(manifest, lines.join("\n"));
    const line = lines.findIndex((l) => l.includes("bogus: 1")) + 1;
    const located = new RegExp(`figures\\.yaml:${line}:7: .*unknown field \`bogus\``);
    const message = await until(`the overlay saying figures.yaml:${line}:7 (server log:\n${log})`, async () => {
      const shown = await overlay();
      return located.test(shown) ? shown : "";
    });
    if (!(await text()).includes("Written while ladder serve watched")) throw new Error("the last good page is not shown under the overlay");
    if (!(await page.locator("#ladder-overlay").isVisible())) throw new Error("the overlay is not visible");
    await page.screenshot({ path: join(shots, "serve-overlay.png") });
    console.log(`     overlay: ${message}`);
  });

  await step("the fixed manifest brings the page back", async () => {
    const before = loads;
    await writeFile(manifest, original.replace(/^      shown: 28$/m, "      shown: 14"));
    await until(`the overlay to go (server log:\n${log})`, async () => loads > before && (await overlay()) === "");
    await until("the page and its figure", async () => (await text()).includes("Written while ladder serve watched") && (await image()) > 0);
    await page.screenshot({ path: join(shots, "serve-fixed.png") });
  });

  await browser.close();
  browser = undefined;
  await step("Ctrl-C stops the server cleanly", async () => {
    server.kill("SIGINT");
    const { code, signal } = await until("the server to stop", () => Promise.race([exited, null]));
    if (code !== 0) throw new Error(`ladder serve exited with ${code ?? signal}, not 0:\n${log}`);
  });
} catch (e) {
  problems.push(e.message);
} finally {
  if (browser) await browser.close();
  if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  await rm(work, { recursive: true, force: true });
}

for (const p of problems) console.error(`serve: ${p}`);
const failed = problems.length ? 1 : 0;
console.log(`serve test in ${((Date.now() - started) / 1000).toFixed(1)} s, screenshots in ${shots}`);
console.log(`serve: ${passed.length} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
