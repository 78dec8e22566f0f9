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
import {
  SMALLEST, figureText, figureBackgrounds, tableOverflow, figureOverflow, figureClipping, printFaults,
} from "./figures.mjs";

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
if (!(await tableOverflow(phone)).some((f) => f.startsWith("wide:"))) missed.push("a table that cannot scroll passed the phone check");
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
await browser.close();
close();
for (const m of missed) console.error(`negative control: ${m}`);
console.log(`negative control: ${9 - missed.length} of 9 planted faults found (8 px text ${tiny?.smallest} px)`);
process.exit(missed.length ? 1 : 0);
