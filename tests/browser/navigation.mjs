// Issue 32's checks of how a reader moves through the site, on an open page:
// - the current page is visible in the phone's row of essays;
// - the contents can be reached from anywhere on a long page;
// - a jump to a heading or a figure marks where it landed;
// - a citation shows its reference on hover or focus;
// - a figure's page of its own enlarges it, with a real title, the site's
//   navigation and the data link; every figure on a page links its own.

const tick = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/** The current page's link in the essays' row, if it is not on the screen. */
export async function currentHidden(page) {
  return page.evaluate(() => {
    const current = document.querySelector('header.site nav [aria-current="page"]');
    if (!current) return [];
    const row = current.closest("nav").getBoundingClientRect();
    const box = current.getBoundingClientRect();
    const left = Math.max(row.left, 0), right = Math.min(row.right, window.innerWidth);
    // Wider than the row itself, it must start at the row's left edge.
    const whole = box.right <= right + 0.5 || box.width > right - left;
    return box.left >= left - 0.5 && whole ? []
      : [`the current page, “${current.textContent}”, is off the screen in the navigation (at x ${Math.round(box.left)})`];
  });
}

/** Half way down a page that has contents, no visible link to them. */
export async function contentsUnreachable(page) {
  return page.evaluate(async () => {
    if (!document.getElementById("on-this-page")) return [];
    window.scrollTo(0, document.documentElement.scrollHeight / 2);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const shown = [...document.querySelectorAll('a[href="#on-this-page"]')].some((a) => {
      const box = a.getBoundingClientRect();
      const style = getComputedStyle(a);
      return box.top >= 0 && box.bottom <= window.innerHeight && box.width > 0 && style.visibility === "visible" && Number(style.opacity) > 0.9;
    });
    window.scrollTo(0, 0);
    return shown ? [] : ["half way down, no link to the contents is on the screen"];
  });
}

/** On a screen of 1200 px or more the contents stand beside the essay
 * (fixed), clear of every figure and table, and mark the section read. */
export async function sideContentsFaults(page) {
  return page.evaluate(async () => {
    const toc = document.querySelector(".toc");
    if (!toc || window.innerWidth < 1200) return [];
    const faults = [];
    if (getComputedStyle(toc).position !== "fixed") faults.push("contents: not beside the essay on a wide screen");
    const right = toc.getBoundingClientRect().right;
    const under = [...document.querySelectorAll("main figure, main .table-frame")].find((f) => {
      const r = f.getBoundingClientRect();
      return r.width > 0 && r.left < right - 0.5;
    });
    if (under) faults.push(`contents: over ${under.id ? `#${under.id}` : "a table"}`);
    const links = [...toc.querySelectorAll("li a")];
    const link = links[Math.floor(links.length / 2)];
    const head = link && document.getElementById(link.hash.slice(1));
    if (head) {
      location.hash = link.hash;
      // The mark follows the jump a frame or two later.
      for (let i = 0; i < 30 && link.getAttribute("aria-current") !== "location"; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      if (link.getAttribute("aria-current") !== "location") {
        const marked = toc.querySelector("[aria-current]");
        faults.push(`contents: “${link.textContent}” not marked while it is read (${marked ? `“${marked.textContent}” is` : "none is"}; its heading at ${Math.round(head.getBoundingClientRect().top)} px of ${window.innerHeight})`);
      }
      history.replaceState(null, "", location.pathname);
      window.scrollTo(0, 0);
    }
    return faults;
  });
}

/** Each note on the screen: in the right margin beside its paragraph on a
 * screen of 1200 px or more, on the screen in every case. */
export async function notesFaults(page) {
  return page.evaluate(() => [...document.querySelectorAll(".note")].flatMap((note) => {
    const box = note.getBoundingClientRect();
    const paragraph = note.closest("p, li");
    const faults = [];
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5) faults.push(`note ${note.id}: off the screen`);
    if (window.innerWidth >= 1200 && paragraph && box.left < paragraph.getBoundingClientRect().right - 0.5) {
      faults.push(`note ${note.id}: not in the margin beside its paragraph`);
    }
    return faults;
  }));
}

/** A proof folded on a phone: what follows its box hidden until the box is
 * ticked, then shown. */
export async function proofFoldFaults(page) {
  return page.evaluate(() => [...document.querySelectorAll(".proof > .fold")].flatMap((fold) => {
    if (fold.getClientRects().length === 0) return [];
    const rest = [...fold.parentElement.children].slice([...fold.parentElement.children].indexOf(fold) + 2);
    const shown = () => rest.filter((e) => e.getClientRects().length > 0).length;
    const before = shown();
    fold.click();
    const after = shown();
    fold.click();
    const faults = [];
    if (rest.length && before > 0) faults.push(`${fold.id}: the proof shows ${before} of ${rest.length} parts before it is asked to`);
    if (after !== rest.length) faults.push(`${fold.id}: the proof shows ${after} of ${rest.length} parts when asked for all`);
    return faults;
  }));
}

/** The page's citation block, opened, gives a plain line and BibTeX, each
 * naming the sources' revision; each reference's links back reach a
 * citation in the text, which the jump marks. */
export async function citeAndBackFaults(page) {
  return page.evaluate(async () => {
    const faults = [];
    const block = document.querySelector("details.cite-page");
    if (block) {
      block.open = true;
      const line = block.querySelector(".cite-line"), bibtex = block.querySelector("pre.bibtex");
      const revision = /[0-9a-f]{16}/;
      if (!line || line.getClientRects().length === 0 || !revision.test(line.textContent)) faults.push("cite: the plain line is missing or names no revision");
      if (!bibtex || !/^@misc\{/.test(bibtex.textContent) || !revision.test(bibtex.textContent)) faults.push("cite: the BibTeX is missing or names no revision");
      block.open = false;
    }
    for (const back of document.querySelectorAll(".references .back a")) {
      const target = document.getElementById(back.hash.slice(1));
      if (!target || !target.matches("a.cite")) { faults.push(`back-link ${back.getAttribute("href")}: no citation there`); continue; }
    }
    const first = document.querySelector(".references .back a");
    if (first && document.getElementById(first.hash.slice(1))) {
      location.hash = first.hash;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const style = getComputedStyle(document.getElementById(first.hash.slice(1)));
      if (style.outlineStyle === "none" && style.boxShadow === "none") faults.push(`back-link ${first.getAttribute("href")}: the citation reached is not marked`);
      history.replaceState(null, "", location.pathname);
    }
    return faults;
  });
}

/** The first heading and the first figure, jumped to: each must be marked. */
export async function jumpsUnmarked(page) {
  return page.evaluate(async () => {
    const faults = [];
    const targets = [document.querySelector("main h2[id]:not(#on-this-page)"), document.querySelector("main figure[id]")].filter(Boolean);
    for (const target of targets) {
      location.hash = `#${target.id}`;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const style = getComputedStyle(target);
      const marked = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none"
        || style.backgroundColor !== getComputedStyle(target.parentElement).backgroundColor && style.backgroundColor !== "rgba(0, 0, 0, 0)";
      if (!marked) faults.push(`a jump to #${target.id} does not mark it`);
    }
    history.replaceState(null, "", location.pathname);
    return faults;
  });
}

/** The first citation, focused: its reference must show beside it. */
export async function citationsSilent(page) {
  const cite = page.locator("a.cite").first();
  if ((await cite.count()) === 0) return [];
  await cite.focus();
  const shown = await cite.evaluate((a) => {
    const after = getComputedStyle(a, "::after");
    const text = (after.content || "").replace(/^"|"$/g, "");
    return after.display !== "none" && text.length > 10 ? text : "";
  });
  await cite.evaluate((a) => a.blur());
  return shown ? [] : ["a focused citation does not show its reference"];
}

/** A figure's page of its own (figures/ID.html), on a desktop: what it lacks. */
export async function alonePageFaults(page) {
  return page.evaluate(() => {
    const faults = [];
    if (!/^Figure \d+: \S/.test(document.title)) faults.push(`its title, “${document.title}”, does not say what the figure is`);
    if (!document.querySelector("header.site nav")) faults.push("no site navigation");
    if (!document.querySelector('figcaption a[href$=".json"]')) faults.push("no data link");
    const img = document.querySelector("figure img");
    if (img) {
      const main = document.querySelector("main").getBoundingClientRect().width;
      const want = Math.min(2 * img.naturalWidth, main - 32);
      const shown = img.getBoundingClientRect().width;
      if (shown < want - 2) faults.push(`the drawing is shown ${Math.round(shown)} px wide, not enlarged to ${Math.round(want)}`);
    } else if (!document.querySelector("figure table")) {
      faults.push("neither a drawing nor a table");
    }
    return faults;
  });
}

/** Each figure of an essay that does not link its page of its own. */
export async function figuresWithoutPage(page) {
  return page.evaluate(() => [...document.querySelectorAll("main figure[id^='fig-']")]
    .filter((f) => !f.querySelector(`a[href$="figures/${f.id.slice(4)}.html"]`) && !f.closest(".question"))
    .map((f) => `${f.id.slice(4)}: no link to its page of its own`));
}
