// Opens every page of a built site in headless Chromium, at a phone's width
// and a desktop's, and fails on: a console error or page error, a request
// that fails or answers 4xx/5xx, a local link to a file that does not exist,
// an image that does not load, or a page wider than the phone's screen;
// and (issue 12, figures.mjs) a figure whose smallest text renders under
// 12 CSS px at 1280 px, a table that leaves a phone's screen or cannot
// scroll inside its frame, or, in the dark scheme, a figure lighter than
// the page. Each figure's smallest text at both widths is kept in
// SCREENSHOT_DIR/legibility.json.
// Issue 23: at 390 px no figure's drawing lies off the screen or hidden by
// its frame, none draws past its own edges or sets two labels over each
// other, and its text is 12 px or more there too; at 1280 px no table
// scrolls; printed (A4 and Letter) no table or figure is wider than the
// page, no link prints a relative URL, each page carries the running head
// (site, page, sources' revision), and no page but the last two is more
// than a third blank (the last float of a page may wait there, after the
// text has run out). The PDFs are kept in SCREENSHOT_DIR.
// Then it runs axe-core on every page in the light and the dark colour scheme
// (both widths) and fails on a violation of any impact; the counts by
// impact per page are printed and kept in SCREENSHOT_DIR/axe.json.
// Screenshots go to target/browser/ (outside git), dark ones as *-dark.png.
//
// Usage: node check.mjs SITE_DIR SCREENSHOT_DIR
import { readdir, mkdir, stat, writeFile, readFile, rm } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { createRequire } from "node:module";
import { serveFolder } from "./static.mjs";
import {
  currentHidden, contentsUnreachable, jumpsUnmarked, citationsSilent, alonePageFaults, figuresWithoutPage,
  sideContentsFaults, notesFaults, proofFoldFaults, citeAndBackFaults,
} from "./navigation.mjs";
import {
  SMALLEST, figureText, figureBackgrounds, figureOverflow, figureClipping, tableScrolls,
  printFaults, blankShares, figureScrollCues, tableFits, printedHeadings, printedFaults, printedMeasure, startsWithFooter,
  MEASURE, startsWithFigure,
} from "./figures.mjs";

const [site, shots] = process.argv.slice(2);
// axe-core, run in the page itself: the site has no frames (checked on each
// page), so @axe-core/playwright's frame handling, a third of the cost, buys
// nothing here.
const AXE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const { origin, close } = await serveFolder(site);

// The essays and the index, then each figure's page of its own.
const pages = [
  ...(await readdir(site)).filter((f) => f.endsWith(".html")).sort(),
  ...(await readdir(join(site, "figures"))).filter((f) => f.endsWith(".html")).sort().map((f) => `figures/${f}`),
  // One of the atlas's parts, read as every page is (atlas.mjs checks the
  // others' sizes and permalinks).
  ...(await readdir(join(site, "atlas")).catch(() => [])).filter((f) => f === "4.7.html").map((f) => `atlas/${f}`),
];
await mkdir(shots, { recursive: true });
// One browser for each of the pages open at once: pages of one browser share
// its processes, and a page's checks (axe above all) are its renderer's work.
const JOBS = Math.max(1, Number(process.env.BROWSER_JOBS) || 2);
const browsers = await Promise.all(Array.from({ length: JOBS }, () => chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"],
})));
// Screenshots are for a person to look at; CI (CI=true) checks without
// them unless BROWSER_SHOTS=1 (they were a third of its time).
const SHOTS = !process.env.CI || process.env.BROWSER_SHOTS === "1";
const problems = [];
const legibility = {};
let lap = Date.now();
const phase = (what) => {
  console.log(`browser: ${what} took ${((Date.now() - lap) / 1000).toFixed(0)} s`);
  lap = Date.now();
};

// The pages are independent: JOBS of them are checked at once, each task
// in a browser of its own.
async function pool(tasks) {
  let next = 0;
  const worker = async (browser) => {
    while (next < tasks.length) {
      const task = tasks[next++];
      await task(browser);
    }
  };
  await Promise.all(browsers.slice(0, Math.min(JOBS, tasks.length)).map(worker));
}

// Accessibility: axe-core at both widths, every rule in the light scheme,
// then, the page switched to the dark scheme in place (it changes colours
// only), the rules that read colours. Every finding fails the check,
// whatever its impact. Only violations are reported in full.
const axe = {};
async function accessibility(page, file, name) {
  await page.evaluate(AXE);
  for (const colorScheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme });
    const options = { resultTypes: ["violations"] };
    if (colorScheme === "dark") options.runOnly = { type: "rule", values: ["color-contrast", "link-in-text-block"] };
    const result = await page.evaluate(async (options) => {
      const frames = document.querySelectorAll("iframe, frame, object, embed").length;
      const r = await axe.run(document, options);
      return {
        frames,
        violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) })),
      };
    }, options);
    const where = `${file} (${colorScheme}, ${name})`;
    if (result.frames) problems.push(`${where}: ${result.frames} frames: check them with @axe-core/playwright`);
    const counts = {};
    for (const v of result.violations) {
      counts[v.impact] = (counts[v.impact] || 0) + v.nodes.length;
      problems.push(`${where}: axe ${v.impact}: ${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
    }
    axe[`${file} ${colorScheme} ${name}`] = counts;
  }
  if (name === "desktop") {
    for (const f of await figureBackgrounds(page)) {
      if (f.figure > f.page + 0.01) problems.push(`${file} (dark, desktop): figure ${f.id} is lighter than the page (luminance ${f.figure.toFixed(3)} against ${f.page.toFixed(3)})`);
    }
  }
  if (SHOTS) {
    await page.screenshot({ path: join(shots, `${file.replace(/\.html$/, "")}-${name}-dark.png`), fullPage: true });
  }
}

// Four screens: the smallest phone, a common one, a small laptop and a
// desktop. axe and the dark scheme run at the common phone and the desktop.
const SCREENS = [["small", 320], ["phone", 390], ["laptop", 1024], ["desktop", 1280]];
const narrow = (width) => width < 736;
// The Explore page answers its first question after it loads (the engine's
// module runs in a worker): it is checked with the answer drawn.
async function answered(page, file) {
  if (file !== "explore.html") return;
  await page.waitForFunction(() => document.getElementById("status").dataset.state === "done", null, { timeout: 60000 });
}
// Each task's seconds, kept in SCREENSHOT_DIR/timing.json: where the
// check's time goes (CI waits for it).
const timing = {};
await pool(pages.flatMap((file) => SCREENS.map(([name, width]) => async (browser) => {
    const began = Date.now();
    const page = await browser.newPage({ viewport: { width, height: 844 } });
    const say = (what) => problems.push(`${file} (${name}): ${what}`);
    page.on("console", (m) => { if (m.type() === "error") say(`console error: ${m.text()}`); });
    page.on("pageerror", (e) => say(`page error: ${e.message}`));
    // A request the browser cancels itself (a <picture> source it no longer
    // wants while a full-page screenshot resizes the page) is no failure of
    // the site: a missing file answers 404, and a broken image is caught below.
    page.on("requestfailed", (r) => {
      if (r.failure()?.errorText !== "net::ERR_ABORTED") say(`request failed: ${r.url()} (${r.failure()?.errorText})`);
    });
    page.on("response", (r) => { if (r.status() >= 400) say(`${r.status()} for ${r.url()}`); });
    // The Explore page draws its answer from a blob: URL of its own origin.
    page.on("request", (r) => { if (!r.url().startsWith(origin) && !r.url().startsWith(`blob:${origin}/`)) say(`request outside the site: ${r.url()}`); });
    await page.goto(`${origin}/${file}`, { waitUntil: "load" });
    await answered(page, file);
    const report = await page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      broken: [...document.images].filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.getAttribute("src")),
      links: [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")),
      // A reference links its source's public address; no other link leaves.
      outside: [...document.querySelectorAll("a[href]")].filter((a) => /^[a-z]+:/i.test(a.getAttribute("href"))
        && !(a.closest(".references li[id^='ref-']") && /^https?:\/\//.test(a.getAttribute("href")))).map((a) => a.getAttribute("href")),
    }));
    if (report.overflow > 0) say(`wider than the screen by ${report.overflow} px`);
    // Issue 12: figure text at least 12 CSS px where a desktop shows it; on a
    // phone a figure may shrink (a tap opens it at full size), tables may not.
    const text = await figureText(page);
    legibility[`${file} ${name}`] = text;
    for (const f of text) if (f.smallest < SMALLEST) say(`figure ${f.id}: smallest text ${f.smallest} px, under ${SMALLEST}`);
    for (const fault of await figureClipping(page)) say(fault);
    if (!narrow(width)) {
      for (const fault of await tableScrolls(page)) say(fault);
    } else {
      // An atlas part is a table to look a code up in, not an essay.
      for (const fault of await tableFits(page, file.startsWith("atlas/") ? Infinity : 15)) say(fault);
      for (const fault of await proofFoldFaults(page)) say(fault);
      // A phone's drawing fits a 390 px phone; on a smaller one it scrolls,
      // and says so. A figure's page of its own shows the column's drawing,
      // which scrolls on any phone.
      const alone = file.startsWith("figures/");
      // (A figure's own page shows the column's drawing, to zoom: its
      // margin may scroll there.)
      const faults = name === "phone" && !alone ? await figureOverflow(page) : await figureScrollCues(page, !alone);
      for (const fault of faults) say(fault);
      for (const fault of await currentHidden(page)) say(fault);
    }
    for (const src of report.broken) say(`image does not load: ${src}`);
    for (const href of report.outside) say(`external link outside the references: ${href}`);
    for (const href of report.links) {
      if (/^[a-z]+:/i.test(href)) continue;
      const target = href.split("#")[0].split("?")[0];
      if (target) {
        const folder = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
        try { await stat(join(site, folder, target)); } catch { say(`broken link: ${href}`); }
      }
      const anchor = href.split("#")[1];
      if (anchor && (target === "" || target === file)) {
        const found = await page.evaluate((id) => document.getElementById(id) !== null, anchor);
        if (!found) say(`broken anchor: ${href}`);
      }
    }
    if (SHOTS) {
      await page.screenshot({ path: join(shots, `${file.replace(/\.html$/, "").replace("/", "-")}-${name}.png`), fullPage: true });
    }
    // Moving about: the contents from anywhere, jumps marked, citations
    // previewed; a figure's own page enlarged and titled.
    if (name === "phone" || name === "desktop") {
      for (const fault of await contentsUnreachable(page)) say(fault);
      for (const fault of await notesFaults(page)) say(fault);
    }
    if (name === "desktop") {
      const checks = file.startsWith("figures/") ? [alonePageFaults, citeAndBackFaults]
        : [jumpsUnmarked, citationsSilent, figuresWithoutPage, sideContentsFaults, citeAndBackFaults];
      for (const check of checks) for (const fault of await check(page)) say(fault);
    }
    if (name === "phone" || name === "desktop") await accessibility(page, file, name);
    await page.close();
    timing[`${file} ${name}`] = (Date.now() - began) / 1000;
})));
phase("every page at both widths: loaded, measured, axe in both schemes");
// Print, on A4 and on Letter: the paper's text block is 2 × 1.8 cm narrower
// than the paper (style.css's @page margins).
const PAPERS = [["A4", 657], ["Letter", 680]];
await pool(pages.filter((f) => !f.includes("/")).flatMap((file) => PAPERS.map(([format, width]) => async (browser) => {
    const began = Date.now();
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const say = (what) => problems.push(`${file} (print, ${format}): ${what}`);
    await page.goto(`${origin}/${file}`, { waitUntil: "load" });
    await answered(page, file);
    await page.emulateMedia({ media: "print" });
    for (const fault of await printFaults(page)) say(fault);
    const head = await page.evaluate(() => [...document.querySelectorAll("style[media=print]")].map((s) => s.textContent).join(""));
    if (!/@top-left\s*{\s*content:\s*"[^"]+"/.test(head) || !/sources [0-9a-f]{16}/.test(head)) say("no running head with the site and the sources' revision");
    const measure = await printedMeasure(page);
    if (measure.chars > MEASURE) say(`a printed line of ${measure.chars} characters, over ${MEASURE}: “${measure.text.trim().slice(0, 60)}…”`);
    const headings = await printedHeadings(page);
    const pdf = join(shots, `${file.replace(/\.html$/, "")}-${format}.pdf`);
    await page.pdf({ path: pdf, format, preferCSSPageSize: true });
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" });
    for (const fault of printedFaults(text, headings)) say(fault);
    const prefix = join(shots, `print-${file.replace(/\.html$/, "")}-${format}`);
    execFileSync("pdftoppm", ["-r", "30", "-png", pdf, prefix]);
    const dir = await readdir(shots);
    const pngs = dir.filter((f) => f.startsWith(`${prefix.split("/").pop()}-`) && f.endsWith(".png")).sort();
    const data = await Promise.all(pngs.map(async (f) => `data:image/png;base64,${(await readFile(join(shots, f))).toString("base64")}`));
    // A page may end early only where the next starts with a figure: the
    // browser moves a figure (a float) whole to the next page when it does
    // not fit in the space left.
    const shares = await blankShares(page, data);
    const texts = text.split("\f");
    shares.forEach((share, i) => {
      const waits = i + 1 < shares.length && startsWithFigure(texts[i + 1] ?? "");
      if (i < shares.length - 2 && share > 1 / 3 && !waits) say(`printed page ${i + 1} of ${shares.length} is ${Math.round(share * 100)} % blank`);
      if (i > 0 && startsWithFooter(texts[i] ?? "")) say(`printed page ${i + 1} of ${shares.length} starts with a caption's last line, apart from its figure`);
    });
    for (const f of pngs) await rm(join(shots, f));
    await page.close();
    timing[`${file} print ${format}`] = (Date.now() - began) / 1000;
})));
phase("printing the essays on A4 and Letter");
// In the pages' order, however the pool finished them.
const sorted = (o) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
await writeFile(join(shots, "axe.json"), JSON.stringify(sorted(axe), null, 1) + "\n");
await writeFile(join(shots, "legibility.json"), JSON.stringify(sorted(legibility), null, 1) + "\n");
await writeFile(join(shots, "timing.json"), JSON.stringify(sorted(timing), null, 1) + "\n");
problems.sort();
for (const [key, counts] of Object.entries(sorted(axe))) {
  const text = Object.entries(counts).map(([impact, n]) => `${impact} ${n}`).join(", ") || "none";
  console.log(`axe ${key}: ${text}`);
}
await Promise.all(browsers.map((b) => b.close()));
close();
for (const p of problems) console.error(p);
const failed = new Set(problems.map((p) => p.slice(0, p.indexOf("):") + 1))).size;
console.log(`${pages.length} pages at ${SCREENS.map(([, w]) => w).join(", ")} px, ${SHOTS ? "screenshots" : "PDFs (no screenshots in CI)"} in ${shots}`);
console.log(`browser: ${pages.length * SCREENS.length - failed} passed, ${failed} failed`);
process.exit(problems.length ? 1 : 0);
