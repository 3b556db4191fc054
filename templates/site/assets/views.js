/* smashup-db image views: lists of cards and bases ([data-views]) switch between a list and a grid of
 * faces, remembered per visitor (localStorage "smashup-view"). The switch (.viewsw, hidden without
 * script) is in the page. A tile with data-face gets its full picture, at
 * <data-faces of its list><kind>/<id><data-face>, the card or base its link goes to or, for a faction or
 * product, the one its data-key names ("card:<id>"); a tile without data-face stays a text tile. The search
 * results (#results, filled by search.js) are done the same way, their pictures named by
 * assets/faces.json (fetched the first time the grid is shown). Nothing here reads HTML from data. */
(function () {
  "use strict";
  var KEY = "smashup-view";
  var lists = Array.prototype.slice.call(document.querySelectorAll("[data-views]"));
  var switches = Array.prototype.slice.call(document.querySelectorAll(".viewsw"));
  if (!lists.length) return;
  var map = null, mapLoading = null;

  function stored() {
    try { return window.localStorage.getItem(KEY) === "images" ? "images" : "list"; } catch (e) { return "list"; }
  }
  function store(view) {
    try { window.localStorage.setItem(KEY, view); } catch (e) { /* private mode: not remembered */ }
  }
  function where(href) {  /* ["card", id] from a link to /L/cards/<id>/ (or bases) */
    var m = /\/(cards|bases)\/([a-z0-9-]+)\/$/.exec(href || "");
    return m ? [m[1] === "cards" ? "card" : "base", m[2]] : null;
  }
  function picture(tile, src) {
    var img = tile.querySelector("img.thumb, img.tile-img"), link = tile.querySelector("a");
    if (!img) {
      if (!link) return;
      img = document.createElement("img");
      img.alt = "";
      img.loading = "lazy";
      img.decoding = "async";
      link.insertBefore(img, link.firstChild);
    }
    if (!img.getAttribute("data-small")) img.setAttribute("data-small", img.getAttribute("src") || "");
    img.className = "tile-img";
    img.removeAttribute("width");
    img.removeAttribute("height");
    img.src = src;
    tile.classList.add("has-face");
  }
  function named(tile) {  /* ["card", id] from data-key="card:<id>" (a faction's or product's face) */
    var m = /^(card|base):([a-z0-9-]+)$/.exec(tile.getAttribute("data-key") || "");
    return m ? [m[1], m[2]] : null;
  }
  function faces(list) {
    var prefix = list.getAttribute("data-faces") || "";
    Array.prototype.forEach.call(list.querySelectorAll("[data-face]"), function (tile) {
      var a = tile.querySelector("a"), at = named(tile) || (a && where(a.getAttribute("href")));
      if (at && !tile.classList.contains("has-face")) picture(tile, prefix + at[0] + "/" + at[1] + tile.getAttribute("data-face"));
    });
  }
  function hits(list) {  /* search results: li.hit[data-key="card:id"] */
    if (!map) {
      if (!mapLoading && list.getAttribute("data-faces-map")) {
        mapLoading = fetch(list.getAttribute("data-faces-map")).then(function (r) {
          if (!r.ok) throw new Error(r.status);
          return r.json();
        }).then(function (data) { map = data; hits(list); }).catch(function () { map = {}; });
      }
      return;
    }
    var prefix = list.getAttribute("data-faces") || "";
    Array.prototype.forEach.call(list.querySelectorAll("li[data-key]"), function (li) {
      var key = li.getAttribute("data-key"), kind = key.slice(0, 4), id = key.slice(5);
      var tail = map[kind] && map[kind][id];
      li.classList.add("tile");
      if (tail && !li.classList.contains("has-face")) picture(li, prefix + kind + "/" + id + tail);
    });
  }
  function show(view) {
    var grid = view === "images";
    lists.forEach(function (list) {
      list.classList.toggle("as-images", grid);
      if (!grid) return;
      if (list.id === "results") hits(list);
      else faces(list);
    });
    switches.forEach(function (sw) {
      sw.hidden = false;
      Array.prototype.forEach.call(sw.querySelectorAll("button"), function (b) {
        b.setAttribute("aria-pressed", String(b.getAttribute("data-view") === view));
      });
    });
    document.documentElement.setAttribute("data-view", view);
  }
  switches.forEach(function (sw) {
    sw.addEventListener("click", function (e) {
      var b = e.target.closest ? e.target.closest("button[data-view]") : null;
      if (!b) return;
      store(b.getAttribute("data-view"));
      show(b.getAttribute("data-view"));
    });
  });
  var results = document.getElementById("results");
  if (results && results.hasAttribute("data-views") && window.MutationObserver) {
    new MutationObserver(function () { if (stored() === "images") hits(results); })
      .observe(results, {childList: true});
  }
  show(stored());
})();
