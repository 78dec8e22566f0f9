// The site's search in a browser (issue 53, point 1): the search page,
// asked through its address and through its field at 390 and 1280 px in
// both schemes, finds places that hold every word (accents and capitals
// aside), each result a link to a page and an anchor that exist; a word in
// no page says so; Enter takes the keyboard to the first result; without
// JavaScript the page says what to use instead; axe finds nothing. With
// SEARCH_PLANT=1 it is its own negative control: the index is served with
// every address's anchor misspelt and every text emptied, and the run must
// fail on both.
//
// Usage: node search.mjs SITE [SHOTS]
import { readFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { serveFolder } from "./static.mjs";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const [site, shots = "target/browser"] = process.argv.slice(2);
mkdirSync(shots, { recursive: true });
const plant = process.env.SEARCH_PLANT === "1";
const problems = [];
const expect = (ok, what) => { if (!ok) problems.push(what); };

const server = await serveFolder(site);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const pageText = new Map();
const read = (file) => {
  if (!pageText.has(file)) {
    try { pageText.set(file, readFileSync(join(site, file), "utf8")); } catch { pageText.set(file, null); }
  }
  return pageText.get(file);
};

async function open(options, query) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console error: ${m.text()}`); });
  if (plant) {
    await page.route("**/search-index.js", async (route) => {
      const script = readFileSync(join(site, "search-index.js"), "utf8");
      const json = JSON.parse(script.slice(script.indexOf("{"), script.lastIndexOf("}") + 1));
      for (const e of json.entries) { e.url = e.url.replace("#", "#x-"); e.text = ""; }
      await route.fulfill({ contentType: "text/javascript", body: `window.ladderSearch = ${JSON.stringify(json)};\n` });
    });
  }
  await page.goto(`${server.origin}/search.html${query === undefined ? "" : `?q=${encodeURIComponent(query)}`}`);
  return { page, context };
}

// The results shown: each link's address and text, and whether it is marked.
const results = (page) => page.evaluate(() => [...document.querySelectorAll("#search-results li")].map((li) => ({
  href: li.querySelector("a").getAttribute("href"),
  title: li.querySelector("a").textContent,
  marks: [...li.querySelectorAll("mark")].map((m) => m.textContent.toLowerCase()),
})));

// Every result leads to a page that has its anchor.
function leads(found, where) {
  for (const r of found) {
    const [file, anchor] = r.href.split("#");
    const html = read(file);
    expect(html !== null, `${where}: ${r.href}: no such page`);
    if (html && anchor) expect(html.includes(`id="${anchor}"`), `${where}: ${r.href}: no such anchor on ${file}`);
  }
}

for (const [name, width] of [["phone", 390], ["desktop", 1280]]) {
  for (const scheme of ["light", "dark"]) {
    const where = `${name} ${scheme}`;
    const { page, context } = await open({ viewport: { width, height: 900 }, colorScheme: scheme }, "dawson kayles");
    let found = await results(page);
    expect(found.length > 0, `${where}: "dawson kayles" finds nothing`);
    leads(found, where);
    expect(found.some((r) => r.marks.includes("dawson") && r.marks.includes("kayles")), `${where}: no result marks both words`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(wide <= 0, `${where}: the page is ${wide} px wider than the screen`);
    await page.screenshot({ path: join(shots, `search-${name}${scheme === "dark" ? "-dark" : ""}.png`) });
    await page.addScriptTag({ content: axeSource });
    const axe = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
    for (const v of axe.violations) expect(false, `${where}: axe ${v.impact}: ${v.id} (${v.nodes.length})`);
    // Typed, without the accent: the misère essay's sections are found.
    await page.fill("#q", "MISERE quotient");
    await page.waitForFunction(() => /MISERE quotient/.test(document.getElementById("search-status").textContent), null, { timeout: 5000 }).catch(() => {});
    found = await results(page);
    expect(found.some((r) => r.href.startsWith("misere.html")), `${where}: "MISERE quotient" finds nothing on misere.html`);
    expect(new URL(page.url()).searchParams.get("q") === "MISERE quotient", `${where}: the address does not keep the question`);
    leads(found, where);
    // The octal point as typed: ·137, .137 and 0.137 find the same places.
    const counts = [];
    for (const spelling of ["·137", ".137", "0.137"]) {
      await page.fill("#q", spelling);
      await page.press("#q", "Enter");
      counts.push((await results(page)).length);
    }
    expect(counts[0] > 0 && counts.every((c) => c === counts[0]), `${where}: ·137, .137 and 0.137 find ${counts.join(", ")} places`);
    const focused = await page.evaluate(() => document.activeElement && document.activeElement.closest("#search-results") !== null);
    expect(focused, `${where}: Enter does not take the keyboard to the first result`);
    await page.fill("#q", "zzqxj");
    await page.press("#q", "Enter");
    const none = await page.textContent("#search-status");
    expect(/^Nothing holds/.test(none) && (await results(page)).length === 0, `${where}: a word in no page says "${none}"`);
    await context.close();
  }
}

// Without JavaScript the page says what to use instead.
{
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.origin}/search.html?q=dawson`);
  const said = await page.evaluate(() => document.querySelector("noscript") !== null && document.body.innerText);
  expect(said && /needs JavaScript/.test(said), "without JavaScript the page does not say what to use instead");
  await context.close();
}
await browser.close();
server.close();

if (plant) {
  const anchors = problems.some((p) => /no such anchor/.test(p));
  const marks = problems.some((p) => /no result marks both words/.test(p));
  if (anchors && marks) {
    console.log(`search (control): the planted faults fail (${problems.length} failures), as they must`);
    process.exit(0);
  }
  console.error(`search (control): a planted fault passed (bad anchors caught: ${anchors}; empty texts caught: ${marks})`);
  process.exit(1);
}
if (problems.length) {
  console.error(problems.slice(0, 40).join("\n"));
  console.error(`search: ${problems.length} failures`);
  process.exit(1);
}
console.log("search: found, led to pages and anchors that exist, marked, typed and refused at 390 and 1280 px in both schemes; axe clean; without JavaScript it says so");
