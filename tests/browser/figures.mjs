// Issue 12's checks of the figures as a reader sees them, on an open page:
// - legibility: the smallest text of each figure in CSS px as rendered: an
//   SVG <img>'s font sizes times its displayed scale (width shown / width
//   drawn), an inline SVG's computed font size times its scale, a table's
//   and a note's computed font size;
// - dark mode: the commonest colour of each figure's image as rendered
//   (its background) must not be lighter than the page's background;
// - tables on a phone: each table's frame lies within the screen, and no
//   table is wider than its frame (a wide one stacks its rows).
export const SMALLEST = 12;
/** The most characters a printed line of prose may hold. */
export const MEASURE = 82;

/** [{ id, smallest, parts }] for every figure of the page. */
export async function figureText(page) {
  return page.evaluate(async () => {
    const out = [];
    for (const figure of document.querySelectorAll("figure[id^='fig-']")) {
      let smallest = Infinity;
      const parts = [];
      for (const img of figure.querySelectorAll("img")) {
        // The drawing the browser chose: the phone's <source> or the column's <img>.
        const source = await (await fetch(img.currentSrc || img.getAttribute("src"))).text();
        const svg = new DOMParser().parseFromString(source, "image/svg+xml").documentElement;
        const drawn = svg.viewBox?.baseVal?.width || parseFloat(svg.getAttribute("width"));
        const scale = img.getBoundingClientRect().width / drawn;
        for (const t of svg.querySelectorAll("text, tspan")) {
          if (!t.textContent.trim()) continue;
          const style = (t.getAttribute("style") || "").match(/font-size:\s*([\d.]+)/);
          const size = parseFloat(t.getAttribute("font-size") || (style && style[1]) || "16");
          smallest = Math.min(smallest, size * scale);
        }
        parts.push("svg");
      }
      for (const svg of figure.querySelectorAll("svg")) {
        const drawn = svg.viewBox?.baseVal?.width || svg.getBoundingClientRect().width;
        const scale = svg.getBoundingClientRect().width / drawn;
        for (const t of svg.querySelectorAll("text")) {
          if (t.textContent.trim()) smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * scale);
        }
        parts.push("inline svg");
      }
      for (const el of figure.querySelectorAll(".table-frame th, .table-frame td, .table-frame caption, .figure-note")) {
        if (el.textContent.trim()) smallest = Math.min(smallest, parseFloat(getComputedStyle(el).fontSize));
      }
      if (figure.querySelector(".table-frame")) parts.push("table");
      out.push({ id: figure.id.slice(4), smallest: Math.round(smallest * 10) / 10, parts });
    }
    return out;
  });
}

/** Relative luminance (WCAG) of an "rgb(r, g, b)" or [r, g, b]. */
function luminance(rgb) {
  const [r, g, b] = (typeof rgb === "string" ? rgb.match(/[\d.]+/g).slice(0, 3).map(Number) : rgb)
    .map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** [{ id, figure, page }] luminances: each figure image's commonest colour, and the page's. */
export async function figureBackgrounds(page) {
  const paper = luminance(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
  const out = [];
  for (const img of await page.locator("figure[id^='fig-'] img").all()) {
    const id = await img.evaluate((el) => el.closest("figure").id.slice(4));
    const png = (await img.screenshot()).toString("base64");
    const common = await page.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d");
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      const counts = new Map();
      for (let i = 0; i < pixels.length; i += 4) {
        const key = `${pixels[i] >> 2},${pixels[i + 1] >> 2},${pixels[i + 2] >> 2}`;
        counts.set(key, (counts.get(key) || 0) + 1);
      }
      const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
      return best.split(",").map((v) => Number(v) * 4 + 2);
    }, png);
    out.push({ id, figure: luminance(common), page: paper });
  }
  return out;
}

/** Each figure's drawing that is not wholly on the screen: part of it
 * beyond the window's edges, or hidden by its frame (a frame that scrolls
 * hides what lies past its edge until the reader scrolls). */
export async function figureOverflow(page) {
  return page.evaluate(() => [...document.querySelectorAll("figure[id^='fig-'] img")].flatMap((img) => {
    const id = img.closest("figure").id.slice(4);
    const box = img.getBoundingClientRect();
    const frame = img.closest(".figure-frame")?.getBoundingClientRect() ?? { left: 0, right: window.innerWidth };
    const left = Math.max(0, frame.left), right = Math.min(window.innerWidth, frame.right);
    const hidden = Math.max(0, left - box.left) + Math.max(0, box.right - right);
    return hidden > 0.5 ? [`${id}: ${Math.round(hidden)} of ${Math.round(box.width)} px of the figure off the screen`] : [];
  }));
}

/** Each figure's drawing that draws past its own edges: a label or a mark
 * whose box (as the browser lays it out, inline in this page, with the
 * page's fonts) leaves the SVG's width or height, where it is cut off. */
export async function figureClipping(page) {
  return page.evaluate(async () => {
    const out = [];
    for (const img of document.querySelectorAll("figure[id^='fig-'] img")) {
      const id = img.closest("figure").id.slice(4);
      const source = await (await fetch(img.currentSrc || img.getAttribute("src"))).text();
      const holder = document.createElement("div");
      holder.style.cssText = "position: absolute; left: -20000px; top: 0";
      holder.innerHTML = source;
      document.body.append(holder);
      const svg = holder.querySelector("svg");
      const width = svg.viewBox?.baseVal?.width || parseFloat(svg.getAttribute("width"));
      const height = svg.viewBox?.baseVal?.height || parseFloat(svg.getAttribute("height"));
      let worst = { over: 0 };
      for (const el of svg.querySelectorAll("text, rect, line, polyline, path, circle, polygon")) {
        const b = el.getBBox();
        if (b.width === 0 && b.height === 0) continue;
        const over = Math.max(-b.x, b.x + b.width - width, -b.y, b.y + b.height - height);
        if (over > worst.over) worst = { over, what: el.tagName === "text" ? `"${el.textContent.trim()}"` : el.tagName };
      }
      // Two labels over each other are as unreadable as one cut off.
      const boxes = [...svg.querySelectorAll("text")].filter((t) => t.textContent.trim())
        .map((t) => ({ b: t.getBBox(), text: t.textContent.trim() }));
      let overlap = null;
      for (let i = 0; i < boxes.length && !overlap; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [p, q] = [boxes[i].b, boxes[j].b];
          const x = Math.min(p.x + p.width, q.x + q.width) - Math.max(p.x, q.x);
          const y = Math.min(p.y + p.height, q.y + q.height) - Math.max(p.y, q.y);
          if (x > 1 && y > 2) { overlap = `"${boxes[i].text}" and "${boxes[j].text}" overlap`; break; }
        }
      }
      holder.remove();
      if (overlap) out.push(`${id}: ${overlap} (${img.currentSrc.split("/").pop()})`);
      if (worst.over > 1) out.push(`${id}: ${worst.what} runs ${Math.round(worst.over)} px past the edge of the ${width} px drawing (${img.currentSrc.split("/").pop()})`);
    }
    return out;
  });
}

/** Each table that scrolls inside its frame (on a desktop none may). */
export async function tableScrolls(page) {
  return page.evaluate(() => [...document.querySelectorAll(".table-frame")].flatMap((frame) => {
    const id = frame.closest("figure")?.id.slice(4) ?? "?";
    const table = frame.querySelector("table");
    return table.scrollWidth > frame.clientWidth + 0.5
      ? [`${id}: table ${table.scrollWidth} px wide scrolls in a ${frame.clientWidth} px frame`] : [];
  }));
}


/** What printing loses, on a page emulating print at the width of the
 * paper's text block: a table or a figure wider than the page (clipped on
 * paper), a figure over a boxed section, and a link that prints a
 * relative URL after its words. */
export async function printFaults(page) {
  return page.evaluate(() => {
    const faults = [];
    const width = document.documentElement.clientWidth;
    for (const frame of document.querySelectorAll(".table-frame")) {
      const id = frame.closest("figure")?.id.slice(4) ?? "?";
      const table = frame.querySelector("table");
      const box = frame.getBoundingClientRect();
      if (table.scrollWidth > frame.clientWidth + 0.5 || box.right > width + 0.5 || box.left < -0.5) {
        faults.push(`${id}: table ${table.scrollWidth} px wide does not fit the ${width} px page`);
      }
    }
    for (const img of document.querySelectorAll("figure img")) {
      const box = img.getBoundingClientRect();
      if (box.right > width + 0.5 || box.left < -0.5) {
        faults.push(`${img.closest("figure").id.slice(4)}: figure ${Math.round(box.width)} px wide does not fit the ${width} px page`);
      }
    }
    // A figure floated over a boxed section (the corrections) hides under
    // its border: the box must start below the figure or end above it.
    for (const fig of document.querySelectorAll("figure")) {
      const f = fig.getBoundingClientRect();
      for (const box of document.querySelectorAll(".corrections")) {
        const b = box.getBoundingClientRect();
        const apart = f.bottom <= b.top + 0.5 || b.bottom <= f.top + 0.5 || f.right <= b.left + 0.5 || b.right <= f.left + 0.5;
        if (!apart && !box.contains(fig)) faults.push(`${fig.id.slice(4)}: figure overlaps the box of corrections`);
      }
    }
    for (const a of document.querySelectorAll("a[href]")) {
      const after = getComputedStyle(a, "::after").content;
      if (!after || after === "none" || after === "normal") continue;
      const printed = after.replace(/^"|"$/g, "");
      const href = a.getAttribute("href");
      if (!/^[a-z]+:/i.test(href) && printed.includes(href)) faults.push(`a link prints its relative URL: ${printed.trim()}`);
    }
    return faults;
  });
}

/** The share of each printed page left blank below its last mark, from
 * PNG renderings of the pages (one data URL each), measured on a canvas. */
export async function blankShares(page, pngs) {
  return page.evaluate(async (images) => {
    const shares = [];
    for (const data of images) {
      const image = new Image();
      image.src = data;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d");
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      // The text block: inside the page's margins (2 cm of the paper's height).
      const top = Math.round(image.height * 0.09), bottom = Math.round(image.height * 0.925);
      const left = Math.round(image.width * 0.08), right = Math.round(image.width * 0.92);
      let last = top;
      for (let y = top; y < bottom; y++) {
        for (let x = left; x < right; x++) {
          const i = 4 * (y * image.width + x);
          if (pixels[i] < 200 || pixels[i + 1] < 200 || pixels[i + 2] < 200) { last = y; break; }
        }
      }
      shares.push((bottom - last) / (bottom - top));
    }
    return shares;
  }, pngs);
}


/** On the smallest phone a drawing wider than the screen scrolls inside
 * its link, with a shadow at the edge it can scroll toward: each drawing
 * partly hidden whose frame does not scroll, or whose shadows are wrong at
 * the start or at the end of its scrolling. */
export async function figureScrollCues(page, readInk = true) {
  return page.evaluate(async (readInk) => {
    const tick = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const faults = [];
    for (const img of document.querySelectorAll("figure[id^='fig-'] img")) {
      const id = img.closest("figure").id.slice(4);
      const box = img.getBoundingClientRect();
      const scroller = img.closest(".figure-image");
      const frame = img.closest(".figure-frame");
      const view = (scroller ?? document.body).getBoundingClientRect();
      const hidden = Math.max(0, view.left - box.left) + Math.max(0, box.right - Math.min(view.right, window.innerWidth));
      if (hidden <= 0.5) continue;
      if (!scroller || !frame || !["auto", "scroll"].includes(getComputedStyle(scroller).overflowX)) {
        faults.push(`${id}: ${Math.round(hidden)} px of the drawing hidden, and its frame does not scroll`);
        continue;
      }
      const shade = () => [getComputedStyle(frame, "::before"), getComputedStyle(frame, "::after")]
        .map((s) => (s.content === "none" || s.backgroundImage === "none" ? 0 : Number(s.opacity)));
      scroller.scrollLeft = 0;
      await tick();
      const [startLeft, startRight] = shade();
      scroller.scrollLeft = scroller.scrollWidth;
      await tick();
      const [endLeft, endRight] = shade();
      scroller.scrollLeft = 0;
      await tick();
      if (!(startRight > 0.5 && startLeft < 0.1 && endLeft > 0.5 && endRight < 0.1)) {
        faults.push(`${id}: the drawing scrolls without a shadow at the edge it scrolls toward (start ${startLeft}/${startRight}, end ${endLeft}/${endRight})`);
      }
      // Issue 53: what scrolls into view holds ink, not only the drawing's
      // margin (its light scheme drawn on a canvas: the last column that
      // differs from the background).
      if (!readInk) continue;
      const svg = await (await fetch(img.currentSrc)).text();
      const light = new Image();
      light.src = "data:image/svg+xml;base64," + btoa(unescape(encodeURIComponent(svg.replace(/<style>@media \(prefers-color-scheme: dark\)[\s\S]*?<\/style>/, ""))));
      await light.decode();
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(box.width);
      canvas.height = Math.round(box.height);
      const context = canvas.getContext("2d");
      context.drawImage(light, 0, 0, canvas.width, canvas.height);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let ink = 0;
      for (let x = canvas.width - 1; x >= 0 && !ink; x--) {
        for (let y = 0; y < canvas.height; y++) {
          const i = 4 * (y * canvas.width + x);
          if (Math.abs(pixels[i] - pixels[0]) + Math.abs(pixels[i + 1] - pixels[1]) + Math.abs(pixels[i + 2] - pixels[2]) > 30) { ink = x + 1; break; }
        }
      }
      if (ink <= view.right - box.left + 0.5) {
        faults.push(`${id}: the drawing scrolls ${Math.round(hidden)} px over nothing but its margin (its ink ends at ${ink} px, the frame shows ${Math.round(view.right - box.left)})`);
      }
    }
    return faults;
  }, readInk);
}

/** Each table wider than its frame or its frame wider than the screen: on
 * a phone a table is read whole, its rows stacked, never scrolled. */
export async function tableFits(page, screens = 15) {
  return page.evaluate((screens) => {
    const shown = (e) => e.getClientRects().length > 0;
    let tall = 0;
    const faults = [...document.querySelectorAll(".table-frame")].flatMap((frame) => {
      const id = frame.closest("figure")?.id.slice(4) ?? "?";
      const box = frame.getBoundingClientRect();
      const table = frame.querySelector("table");
      const faults = [];
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) faults.push(`${id}: table frame leaves the screen`);
      if (table.scrollWidth > frame.clientWidth + 0.5) {
        faults.push(`${id}: table ${table.scrollWidth} px wide in a ${frame.clientWidth} px frame: a reader sees ${Math.round(100 * frame.clientWidth / table.scrollWidth)} % of it`);
      }
      // Issue 53: a grid (a multiplication table) stays a grid on a phone.
      if (frame.classList.contains("grid") && !(table.tHead && shown(table.tHead))) {
        faults.push(`${id}: a grid shown as cards at ${window.innerWidth} px`);
      }
      // A long table shows its first rows, and all of them once its box is
      // ticked (and again only the first when it is cleared).
      const fold = frame.querySelector(":scope > .fold");
      if (fold && shown(fold)) {
        const rows = [...table.tBodies[0].rows];
        const before = rows.filter(shown).length;
        fold.click();
        const after = rows.filter(shown).length;
        fold.click();
        if (before >= rows.length) faults.push(`${id}: a long table shows all ${rows.length} rows before it is asked to`);
        if (after !== rows.length) faults.push(`${id}: a long table shows ${after} of ${rows.length} rows when asked for all`);
      }
      tall += box.height;
      return faults;
    });
    // No essay is more than 15 screens of tables without a way past them.
    if (tall > screens * window.innerHeight) faults.push(`tables: ${Math.round(tall / window.innerHeight)} screens of tables at ${window.innerWidth} px`);
    return faults;
  }, screens);
}

/** The headings of the page as a reader sees them printed (those print
 * hides, such as the contents, left out). */
export async function printedHeadings(page) {
  return page.evaluate(() => [...document.querySelectorAll("main h1, main h2, main h3, main h4")]
    .filter((h) => h.getClientRects().length > 0)
    .map((h) => h.textContent.replace(/\s+/g, " ").trim()));
}

/** What a printed page's text (pdftotext) lacks: each heading not in it,
 * and a figure's caption after the References. */
export function printedFaults(text, headings) {
  const flat = (s) => s.normalize("NFKC").replace(/[\u00ad]/g, "").replace(/\s+/g, " ").trim();
  const printed = flat(text);
  const faults = headings.filter((h) => !printed.includes(flat(h))).map((h) => `heading not printed: “${h}”`);
  const references = printed.lastIndexOf("References");
  if (references >= 0) {
    const captions = [...printed.matchAll(/Figure (\d+)\. /g)].filter((m) => m.index > references);
    for (const m of captions) faults.push(`Figure ${m[1]} printed after the References`);
  }
  return faults;
}

/** The longest line of prose when printed, in characters: each paragraph
 * and list item of the essay (not in a figure), its text cut into lines
 * where the browser breaks it. */
export async function printedMeasure(page) {
  return page.evaluate(() => {
    let longest = { chars: 0, text: "" };
    for (const block of document.querySelectorAll("article p, article li")) {
      if (block.closest("figure, nav, .references")) continue;
      const lines = new Map();
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement.closest("math")) continue;
        for (let i = 0; i < node.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (!rect || rect.width === 0) continue;
          const top = Math.round((rect.top + rect.bottom) / 12);
          const line = lines.get(top) ?? { chars: 0, text: "" };
          line.chars += 1;
          line.text += node.data[i];
          lines.set(top, line);
        }
      }
      for (const line of lines.values()) if (line.chars > longest.chars) longest = line;
    }
    return longest;
  });
}

/** Whether a printed page (its text, from pdftotext) starts with a figure:
 * before its first caption ("Figure N. "), only a drawing's labels and a
 * table's cells, no paragraph of prose (two lines running of eight words or
 * more). */
/** Whether a printed page's text begins with the last line of a figure's
 * caption (its links: "on its own · data · …"), apart from its figure on
 * the page before. */
export function startsWithFooter(text) {
  const head = text.search(/sources [0-9a-f]{16}/);
  if (head >= 0) text = text.slice(head + "sources ".length + 16);
  const first = text.split("\n").find((line) => line.trim()) ?? "";
  return /^\s*(on its own · )?data · (CSV · )?reproduce:/.test(first);
}

export function startsWithFigure(text) {
  // The running head (site, page, sources) is no prose of the page.
  const head = text.search(/sources [0-9a-f]{16}/);
  if (head >= 0) text = text.slice(head + "sources ".length + 16);
  const caption = text.search(/Figure \d+\. /);
  if (caption < 0) return false;
  const words = (line) => line.split(/\s+/).filter((w) => /^[A-Za-z’'-]{2,}[,.;:]?$/.test(w)).length;
  const lines = text.slice(0, caption).split("\n").filter((line) => line.trim());
  return !lines.some((line, i) => i > 0 && words(line) >= 8 && words(lines[i - 1]) >= 8);
}
