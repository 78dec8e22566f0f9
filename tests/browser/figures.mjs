// Issue 12's checks of the figures as a reader sees them, on an open page:
// - legibility: the smallest text of each figure in CSS px as rendered: an
//   SVG <img>'s font sizes times its displayed scale (width shown / width
//   drawn), an inline SVG's computed font size times its scale, a table's
//   and a note's computed font size;
// - dark mode: the commonest colour of each figure's image as rendered
//   (its background) must not be lighter than the page's background;
// - tables on a phone: each table's frame lies within the screen, and a
//   table wider than its frame can scroll inside it.
export const SMALLEST = 12;

/** [{ id, smallest, parts }] for every figure of the page. */
export async function figureText(page) {
  return page.evaluate(async () => {
    const out = [];
    for (const figure of document.querySelectorAll("figure[id^='fig-']")) {
      let smallest = Infinity;
      const parts = [];
      for (const img of figure.querySelectorAll("img")) {
        const source = await (await fetch(img.getAttribute("src"))).text();
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

/** Each table frame that leaves the screen or cannot scroll its table. */
export async function tableOverflow(page) {
  return page.evaluate(() => [...document.querySelectorAll(".table-frame")].flatMap((frame) => {
    const id = frame.closest("figure")?.id.slice(4) ?? "?";
    const box = frame.getBoundingClientRect();
    const faults = [];
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5) faults.push(`${id}: table frame leaves the screen`);
    const table = frame.querySelector("table");
    const scrolls = ["auto", "scroll"].includes(getComputedStyle(frame).overflowX);
    if (table.scrollWidth > frame.clientWidth + 0.5 && !scrolls) faults.push(`${id}: table wider than its frame, which cannot scroll`);
    return faults;
  }));
}
