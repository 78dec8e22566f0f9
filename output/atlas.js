(function () {
"use strict";
var place = document.getElementById("atlas-filter");
if (!place) return;
var parts = JSON.parse(place.getAttribute("data-parts") || "[]");
var most = 300;
place.innerHTML =
'<form class="atlas-filter" role="search" aria-label="Filter the atlas">' +
'<p><label for="f-digits">Digits</label> <select id="f-digits"><option value="">any</option><option>1</option><option>2</option><option>3</option><option>4</option></select> ' +
'<label for="f-prefix">Before the point</label> <select id="f-prefix"><option value="">0 or 4</option><option value="0">0</option><option value="4">4</option></select></p>' +
'<p><label for="f-normal">Normal play</label> <select id="f-normal"><option value="">any</option><option value="proved">period proved</option><option value="open">not proved</option></select> ' +
'<label for="f-period">period from</label> <input id="f-period-low" inputmode="numeric" size="6" aria-label="period at least"> <label for="f-period-high">to</label> <input id="f-period-high" inputmode="numeric" size="6"></p>' +
'<p><label for="f-misere">Misère play</label> <select id="f-misere"><option value="">any</option><option value="tame">proved, tame</option><option value="wild">proved, wild</option><option value="unsettled">unsettled</option></select> ' +
'<label for="f-class">Class</label> <select id="f-class"><option value="">any</option><option value="first">first of its class</option><option value="equivalent">equivalent to another</option></select></p>' +
'<p><button type="submit">Filter</button></p></form>' +
'<p id="f-status" class="status" role="status" aria-live="polite"></p><ul id="f-found" class="atlas-found"></ul>';
var rows = null;
function load() {
if (rows) return Promise.resolve(rows);
return Promise.all(parts.map(function (p) {
return fetch("atlas/" + p + ".json").then(function (r) {
if (!r.ok) throw new Error("atlas/" + p + ".json: " + r.status);
return r.json();
});
})).then(function (all) {
rows = [].concat.apply([], all);
return rows;
});
}
function value(id) { return document.getElementById(id).value; }
function digits(row) { return row.anchor.length - 2; }
function passes(row) {
var d = value("f-digits"), pre = value("f-prefix"), n = value("f-normal");
var m = value("f-misere"), c = value("f-class");
var low = parseInt(value("f-period-low"), 10), high = parseInt(value("f-period-high"), 10);
var rowDigits = row.anchor.replace(/^[04]\./, "").replace(/0+$/, "").length;
if (d && rowDigits !== Number(d)) return false;
if (pre && row.anchor.charAt(0) !== pre) return false;
if (n === "proved" && row.period === null) return false;
if (n === "open" && row.period !== null) return false;
if (!isNaN(low) && (row.period === null || row.period < low)) return false;
if (!isNaN(high) && (row.period === null || row.period > high)) return false;
var proved = row.misere_period !== null;
if (m === "tame" && !(proved && row.tame)) return false;
if (m === "wild" && !(proved && !row.tame)) return false;
if (m === "unsettled" && proved) return false;
if (c === "first" && row.equivalent) return false;
if (c === "equivalent" && !row.equivalent) return false;
return true;
}
function show(found) {
var list = document.getElementById("f-found");
var status = document.getElementById("f-status");
list.textContent = "";
found.slice(0, most).forEach(function (row) {
var item = document.createElement("li");
var link = document.createElement("a");
link.href = "atlas/" + row.anchor.slice(0, 3) + ".html#" + row.anchor;
link.textContent = row.code;
item.appendChild(link);
item.appendChild(document.createTextNode(row.period !== null ?
" period " + row.period + " from heap " + row.preperiod : " not proved"));
list.appendChild(item);
});
status.textContent = found.length.toLocaleString("en") + " of " +
rows.length.toLocaleString("en") + " codes pass" +
(found.length > most ? "; the first " + most + " are listed." : ".");
}
place.querySelector("form").addEventListener("submit", function (event) {
event.preventDefault();
var status = document.getElementById("f-status");
status.textContent = "Reading the atlas…";
load().then(function (all) { show(all.filter(passes)); }, function (error) {
status.textContent = "The atlas could not be read: " + error.message;
});
});
})();
