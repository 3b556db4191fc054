/* smashup-db service worker: the site without a connection, after one visit.
 *
 * Every same-site GET (pages, search index, scripts, images) goes to the network first and its
 * answer is kept; without a connection the kept copy answers (a page asked with ?q= or ?c= is found
 * without them). On install the search page's scripts are kept (CORE); each page asks for itself,
 * its pictures and its language's search page to be kept too (a "warm" message from assets/local.js:
 * what it loaded before the worker took over); the search index is kept once the search page fetched
 * it, so a search works offline after one search was made online. Pictures whose name holds their
 * digest (FIXED) are warmed from the browser's copy, without a request. BUILD is the build's id (smashup_db/site/local.py): a new build
 * installs a new worker, whose cache replaces the old one.
 *
 * Every fetch revalidates with the server ({cache: "no-cache"}: the browser's HTTP cache may answer
 * only after the server said the copy is current), so a new build's cache is filled from that build
 * and never from pages of the old one that the HTTP cache still holds: an offline copy is one build.
 */
"use strict";
var BUILD = /*@BUILD@*/"dev";
var BASE = /*@BASE@*/"/";
var CORE = /*@CORE@*/[];
var CACHE = "smashup-" + BUILD;
var SCOPE = new URL(BASE, self.location.href).href;

/** ``req`` (a Request or an address) asked of the server, never answered unchecked from the HTTP cache. */
function fresh(req) { return new Request(req, {cache: "no-cache"}); }

/** A picture whose name holds the digest of its bytes (assets/faces/...-<sha8>...): the same in every build. */
var FIXED = /\/assets\/faces\/[a-z]+\/[a-z0-9-]+-[0-9a-f]{8}(-[st])?\.[a-z]+$/;

/** What a "warm" message keeps of ``url``: a picture of fixed bytes as the browser already has it (no
 * request when the page loaded it), anything else asked of the server (fresh). */
function warmed(url) { return FIXED.test(new URL(url).pathname) ? new Request(url, {cache: "force-cache"}) : fresh(url); }

self.addEventListener("install", function (ev) {
  ev.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(CORE.map(fresh)); }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (ev) {
  ev.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("smashup-") === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (ev) {
  var d = ev.data || {};
  if (d.type !== "warm" || !Array.isArray(d.urls)) return;
  var urls = d.urls.filter(function (u) { return typeof u === "string" && u.indexOf(SCOPE) === 0; });
  ev.waitUntil(caches.open(CACHE).then(function (c) {
    return Promise.all(urls.map(function (u) {
      return c.match(u).then(function (hit) { return hit || c.add(warmed(u)).catch(function () {}); });
    }));
  }));
});

self.addEventListener("fetch", function (ev) {
  var req = ev.request, url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin || req.url.indexOf(SCOPE) !== 0) return;
  ev.respondWith(fetch(fresh(req)).then(function (res) {
    if (res.ok && res.type === "basic") {
      var copy = res.clone();
      // kept only while this build's cache exists: a replaced worker finishing a fetch must not bring
      // back its old cache after the new worker deleted it
      caches.has(CACHE).then(function (has) {
        return has && caches.open(CACHE).then(function (c) { return c.put(req, copy); });
      });
    }
    return res;
  }).catch(function () {
    return caches.open(CACHE).then(function (c) {
      return c.match(req).then(function (hit) {
        return hit || c.match(req, {ignoreSearch: true}).then(function (any) {
          return any || new Response("offline", {status: 503, headers: {"Content-Type": "text/plain"}});
        });
      });
    });
  }));
});
