// The service worker of Patience Parlour's site (./build.sh web puts the build's id and file list
// in place of the SITE placeholder): the whole site kept in the cache "parlour-<build id>", so
// that after one visit the game starts with the network off.
//   install:  every file of this build into its cache (the page has put most of them there
//             already while it downloaded them; only the rest is fetched). One file failing
//             fails the install: an old build stays in charge, whole.
//   activate: the caches of other builds are deleted; this build takes the open pages.
//   fetch:    this build's files from its cache, anything else from the network; a page
//             (a navigation in the site) is always this build's index.html.
// localStorage (the saves) is never touched.
var SITE = /*SITE*/null;
var CACHE = "parlour-" + SITE.build;
var FILES = ["index.html"].concat(Object.keys(SITE.files));

self.addEventListener("install", function (event) {
    event.waitUntil((async function () {
        var cache = await caches.open(CACHE);
        await Promise.all(FILES.map(async function (name) {
            if (await cache.match(name)) return;
            var response = await fetch(new Request(name, {cache: "no-cache"}));
            if (!response.ok) throw new Error(name + ": HTTP " + response.status);
            await cache.put(name, response);
        }));
        await self.skipWaiting();
    })());
});

self.addEventListener("activate", function (event) {
    event.waitUntil((async function () {
        var names = await caches.keys();
        await Promise.all(names.filter(function (n) {
            return n.indexOf("parlour-") === 0 && n !== CACHE;
        }).map(function (n) { return caches.delete(n); }));
        await self.clients.claim();
    })());
});

self.addEventListener("fetch", function (event) {
    var request = event.request;
    if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
    event.respondWith((async function () {
        var cache = await caches.open(CACHE);
        var hit = request.mode === "navigate"
            ? await cache.match("index.html")
            : await cache.match(request, {ignoreSearch: true});
        return hit || fetch(request);
    })());
});
