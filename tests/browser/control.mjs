// The negative control of figures.mjs: on a page built to break issue 12's
// and issue 23's rules (fixtures/bad-figure: 8 px text on a white panel, a
// table that cannot scroll, a drawing a phone's frame hides half of, a
// label cut at its drawing's edge and two labels over each other, a table
// clipped on paper, a figure floated over the box of corrections and a
// link that prints its relative URL), each check
// must find its fault. Exits 1 if one does not, so a check that has
// stopped looking cannot pass unnoticed.
import { chromium } from "playwright-core";
import { fileURLToPath } from "node:url";
import { serveFolder } from "./static.mjs";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  SMALLEST, figureText, figureBackgrounds, figureOverflow, figureClipping, printFaults,
  figureScrollCues, tableFits, printedHeadings, printedFaults, printedMeasure, MEASURE, startsWithFigure,
  startsWithFooter,
} from "./figures.mjs";
import {
  currentHidden, contentsUnreachable, jumpsUnmarked, citationsSilent, alonePageFaults, figuresWithoutPage,
  sideContentsFaults, notesFaults, proofFoldFaults, citeAndBackFaults,
} from "./navigation.mjs";

const { origin, close } = await serveFolder(fileURLToPath(new URL("fixtures/bad-figure", import.meta.url)));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const missed = [];
const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await desktop.goto(origin, { waitUntil: "load" });
const tiny = (await figureText(desktop)).find((f) => f.id === "tiny");
if (!(tiny && tiny.smallest < SMALLEST)) missed.push(`8 px text passed the legibility check (${JSON.stringify(tiny)})`);
const dark = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "dark" });
await dark.goto(origin, { waitUntil: "load" });
const panel = (await figureBackgrounds(dark)).find((f) => f.id === "tiny");
if (!(panel && panel.figure > panel.page + 0.01)) missed.push(`a white panel passed the dark-mode check (${JSON.stringify(panel)})`);
const phone = await browser.newPage({ viewport: { width: 390, height: 800 } });
await phone.goto(origin, { waitUntil: "load" });
if (!(await tableFits(phone)).some((f) => f.startsWith("wide:"))) missed.push("a table that cannot scroll passed the phone check");
if (!(await figureOverflow(phone)).some((f) => f.startsWith("overflow:"))) missed.push("a drawing half hidden on a phone passed the overflow check");
const cut = await figureClipping(phone);
if (!cut.some((f) => f.startsWith("cut:") && f.includes("past the edge"))) missed.push("a label cut at its drawing's edge passed the clipping check");
if (!cut.some((f) => f.startsWith("cut:") && f.includes("overlap"))) missed.push("two labels over each other passed the overlap check");
const paper = await browser.newPage({ viewport: { width: 657, height: 800 } });
await paper.goto(origin, { waitUntil: "load" });
await paper.emulateMedia({ media: "print" });
const printed = await printFaults(paper);
if (!printed.some((f) => f.startsWith("print:"))) missed.push("a table clipped on paper passed the print check");
if (!printed.some((f) => f.includes("relative URL"))) missed.push("a link printing its relative URL passed the print check");
if (!printed.some((f) => f.startsWith("float:") && f.includes("overlaps"))) missed.push("a figure floated over the box of corrections passed the print check");
// Issue 32: the smallest phone, tables read whole, print, moving about.
const small = await browser.newPage({ viewport: { width: 320, height: 800 } });
await small.goto(origin, { waitUntil: "load" });
if (!(await figureScrollCues(small)).some((f) => f.startsWith("overflow:"))) missed.push("a drawing that scrolls with no shadow passed the 320 px check");
await small.goto(`${origin}/margin.html`, { waitUntil: "load" });
if (!(await figureScrollCues(small)).some((f) => f.startsWith("margin:") && f.includes("nothing but its margin"))) missed.push("a drawing that scrolls over its blank margin passed the 320 px check");
const nav = await browser.newPage({ viewport: { width: 390, height: 800 } });
await nav.goto(`${origin}/nav.html`, { waitUntil: "load" });
if (!(await tableFits(nav)).some((f) => f.startsWith("unlinked:"))) missed.push("a table that scrolls on a phone passed the phone check");
if (!(await currentHidden(nav)).length) missed.push("a current page off the screen passed the navigation check");
if (!(await contentsUnreachable(nav)).length) missed.push("a long page with no way back to its contents passed");
// Issue 53: a grid stays a grid, a long table folds, a page is not screens of tables.
const tables = await browser.newPage({ viewport: { width: 390, height: 800 } });
await tables.goto(`${origin}/tables.html`, { waitUntil: "load" });
const tableFaults = await tableFits(tables);
if (!tableFaults.some((f) => f.startsWith("cards: a grid shown as cards"))) missed.push("a grid shown as cards passed the phone check");
if (!tableFaults.some((f) => f.startsWith("unfolded: a long table shows all 20 rows"))) missed.push("a long table with nothing folded passed the phone check");
if (!tableFaults.some((f) => f.startsWith("tables: "))) missed.push("a page of 18 screens of tables passed the phone check");
if (!(await proofFoldFaults(tables)).some((f) => f.includes("before it is asked"))) missed.push("a proof folded with nothing hidden passed the phone check");
const navDesktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await navDesktop.goto(`${origin}/nav.html`, { waitUntil: "load" });
if (!(await jumpsUnmarked(navDesktop)).length) missed.push("a jump that marks nothing passed");
if (!(await citationsSilent(navDesktop)).length) missed.push("a citation that shows nothing passed");
if (!(await figuresWithoutPage(navDesktop)).length) missed.push("a figure with no page of its own passed");
const side = await sideContentsFaults(navDesktop);
if (!side.some((f) => f.includes("not beside"))) missed.push("contents in the flow on a wide screen passed");
if (!side.some((f) => f.includes("not marked"))) missed.push("contents that mark nothing passed");
if (!(await notesFaults(navDesktop)).some((f) => f.includes("not in the margin"))) missed.push("a note in the text on a wide screen passed");
const cited = await citeAndBackFaults(navDesktop);
if (!cited.some((f) => f.includes("plain line"))) missed.push("a citation block naming no revision passed");
if (!cited.some((f) => f.includes("no citation there"))) missed.push("a back-link to no citation passed");
await navDesktop.goto(`${origin}/side.html`, { waitUntil: "load" });
if (!(await sideContentsFaults(navDesktop)).some((f) => f.includes("over #fig-under"))) missed.push("contents over a table passed");
await navDesktop.goto(`${origin}/figures/alone.html`, { waitUntil: "load" });
const alone = await alonePageFaults(navDesktop);
for (const want of ["title", "navigation", "data link", "not enlarged"]) {
  if (!alone.some((f) => f.includes(want))) missed.push(`a figure page with no ${want === "not enlarged" ? "enlarged drawing" : want} passed`);
}
const printing = await browser.newPage({ viewport: { width: 657, height: 900 } });
await printing.goto(`${origin}/print.html`, { waitUntil: "load" });
await printing.emulateMedia({ media: "print" });
if (!((await printedMeasure(printing)).chars > MEASURE)) missed.push("a printed line over the measure passed");
const headings = await printedHeadings(printing);
const folder = mkdtempSync(join(tmpdir(), "ladder-control-"));
await printing.pdf({ path: join(folder, "print.pdf"), format: "A4" });
const text = execFileSync("pdftotext", ["-enc", "UTF-8", join(folder, "print.pdf"), "-"], { encoding: "utf8" });
rmSync(folder, { recursive: true });
const onPaper = printedFaults(text, headings);
if (!onPaper.some((f) => f.startsWith("heading not printed"))) missed.push(`a heading laid out off the page passed the print check (${JSON.stringify(headings)})`);
if (!onPaper.some((f) => f.includes("after the References"))) missed.push("a figure after the References passed the print check");
const prose = "sources 0123456789abcdef\nA paragraph of prose that runs on for more than eight words here\n"
  + "and a second line that also runs on for eight words or more\nFigure 1. A float.";
if (!startsWithFooter("Heaps · Octal · sources 0123456789abcdef\non its own · data · CSV · reproduce: ladder build --only x\nThe next paragraph.")
  || startsWithFooter("sources 0123456789abcdef\nA paragraph that names data · and more.")) {
  missed.push("a printed page that starts with a caption's last line passed, or a page of prose failed");
}
if (startsWithFigure(prose) || !startsWithFigure("sources 0123456789abcdef\n1 2 3\nlarger take b\nFigure 2. A drawing.")) {
  missed.push("the blank-page rule took a page of prose for one that starts with a figure, or the reverse");
}
await browser.close();
close();
for (const m of missed) console.error(`negative control: ${m}`);
console.log(`negative control: ${37 - missed.length} of 37 planted faults found (8 px text ${tiny?.smallest} px)`);
process.exit(missed.length ? 1 : 0);
