// The search page: the words of ?q= (or of the field, as they are typed)
// against the index the build wrote (search-index.js: each section,
// figure caption and reference of the site). A place is found when it
// holds every word; accents, capitals and the octal point's spelling
// (·137, .137) do not matter. Results are made as elements, never as HTML
// from the index, and the address keeps the question, so a search can be
// shared or gone back to.
(function () {
  "use strict";
  var index = window.ladderSearch;
  var form = document.querySelector("form.search-form");
  var field = document.getElementById("q");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  if (!index || !form) return;
  var MOST = 50;

  // One character folded to one: lowercase, no accent, the octal point
  // and a no-break space read as their plain forms. One for one, so a place
  // in the folded text is the same place in the text.
  function foldChar(c) {
    if (c === "\u00b7") return ".";
    if (c === "\u00a0") return " ";
    if (c < "\u0080") return c.toLowerCase();
    var d = c.normalize("NFD").charAt(0).toLowerCase();
    return d.length === 1 ? d : c;
  }
  function fold(text) {
    var out = "";
    for (var i = 0; i < text.length; i++) out += foldChar(text.charAt(i));
    return out;
  }
  var entries = index.entries.map(function (e) {
    return { entry: e, title: fold(e.title), text: fold(e.text) };
  });

  function words(query) {
    return fold(query).split(/\s+/).filter(function (w) { return w.length > 0; })
      .map(function (w) { return w.replace(/^0\./, "."); });
  }
  function count(text, word) {
    var n = 0;
    for (var at = text.indexOf(word); at >= 0 && n < 5; at = text.indexOf(word, at + word.length)) n++;
    return n;
  }
  // Every word in the title or the text; a word in the title counts most.
  function search(query) {
    var ws = words(query);
    if (ws.length === 0) return [];
    var found = [];
    entries.forEach(function (e, order) {
      var score = 0;
      for (var i = 0; i < ws.length; i++) {
        var inTitle = e.title.indexOf(ws[i]) >= 0;
        var inText = count(e.text, ws[i]);
        if (!inTitle && inText === 0) return;
        score += (inTitle ? 10 : 0) + inText;
      }
      found.push({ e: e, score: score, order: order });
    });
    found.sort(function (a, b) { return b.score - a.score || a.order - b.order; });
    return found.map(function (f) { return f.e; });
  }

  // About 200 characters of the text around the first word found, the
  // words marked.
  function excerpt(e, ws) {
    var text = e.entry.text;
    var first = -1;
    ws.forEach(function (w) {
      var at = e.text.indexOf(w);
      if (at >= 0 && (first < 0 || at < first)) first = at;
    });
    var start = Math.max(0, first - 80);
    if (start > 0) start = text.indexOf(" ", start) + 1 || start;
    var end = Math.min(text.length, start + 220);
    var space = text.lastIndexOf(" ", end);
    if (end < text.length && space > start) end = space;
    var p = document.createElement("p");
    p.className = "excerpt";
    if (start > 0) p.appendChild(document.createTextNode("… "));
    var at = start;
    while (at < end) {
      var next = -1, word = "";
      ws.forEach(function (w) {
        var i = e.text.indexOf(w, at);
        if (i >= 0 && i + w.length <= end && (next < 0 || i < next)) { next = i; word = w; }
      });
      if (next < 0) break;
      p.appendChild(document.createTextNode(text.slice(at, next)));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(next, next + word.length);
      p.appendChild(mark);
      at = next + word.length;
    }
    p.appendChild(document.createTextNode(text.slice(at, end)));
    if (end < text.length) p.appendChild(document.createTextNode(" …"));
    return p;
  }

  function show(query) {
    list.textContent = "";
    var ws = words(query);
    if (ws.length === 0) {
      status.textContent = "";
      return;
    }
    var found = search(query);
    var shown = found.slice(0, MOST);
    shown.forEach(function (e) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = e.entry.url;
      a.textContent = e.entry.title;
      var where = document.createElement("span");
      where.className = "where";
      where.textContent = e.entry.kind + " · " + index.pages[e.entry.page];
      li.appendChild(a);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(where);
      if (e.entry.text) li.appendChild(excerpt(e, ws));
      list.appendChild(li);
    });
    var n = found.length;
    status.textContent = n === 0
      ? "Nothing holds every word of \u201c" + query.trim() + "\u201d."
      : (n === 1 ? "One place holds" : n + " places hold") + " every word of \u201c" + query.trim() + "\u201d" +
        (n > MOST ? "; the first " + MOST + " are shown." : ".");
  }

  var pending = 0;
  field.addEventListener("input", function () {
    clearTimeout(pending);
    pending = setTimeout(function () {
      show(field.value);
      var url = new URL(location.href);
      if (field.value) url.searchParams.set("q", field.value); else url.searchParams.delete("q");
      history.replaceState(null, "", url);
    }, 120);
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    clearTimeout(pending);
    show(field.value);
    var url = new URL(location.href);
    url.searchParams.set("q", field.value);
    history.replaceState(null, "", url);
    if (list.firstChild) list.querySelector("a").focus();
  });
  var asked = new URLSearchParams(location.search).get("q") || "";
  field.value = asked;
  show(asked);
  if (!asked) field.focus();
})();
