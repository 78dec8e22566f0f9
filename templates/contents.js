// Beside the essay on a wide screen, the contents mark the section being
// read: the one just jumped to while its heading is on the screen, else the
// last whose heading is above the window's first few lines (or, at the
// page's end, on the screen: a short last section never reaches the top).
(function () {
  var links = [].slice.call(document.querySelectorAll(".toc li a"));
  var heads = links.map(function (a) { return document.getElementById(a.hash.slice(1)); });
  var queued = false;
  function mark() {
    queued = false;
    var end = scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
    var line = end ? innerHeight : 120, at = -1, jumped = -1;
    heads.forEach(function (h, i) {
      if (!h) return;
      var top = h.getBoundingClientRect().top;
      if (top < line) at = i;
      if ("#" + h.id === location.hash && top > -20 && top < innerHeight) jumped = i;
    });
    if (jumped >= 0) at = jumped;
    links.forEach(function (a, i) {
      if (i === at) a.setAttribute("aria-current", "location"); else a.removeAttribute("aria-current");
    });
  }
  function queue() { if (!queued) { queued = true; requestAnimationFrame(mark); } }
  addEventListener("scroll", queue, { passive: true });
  addEventListener("hashchange", queue);
  mark();
})();
