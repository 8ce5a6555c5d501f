// The service worker of a folder of interactive sheets (qrsc build --emit web), served over
// http(s): it keeps the run's pages (PRECACHE, written above by qrsc) so that they open with no
// network, and keeps each page it serves. A page is asked of the network first, so that a
// republished sheet replaces the kept one; the kept one answers when the network fails or has
// not answered within three seconds. Opened from a file, a page needs none of this.
"use strict";
const CACHE = "qrs-sheets-1";  // a new name when what is kept changes shape; older ones are deleted
const WAIT_MS = 3000;

self.addEventListener("install", (event) => {
  // Each page on its own: one that is missing (built by another run) does not stop the rest.
  event.waitUntil(caches.open(CACHE)
    .then((cache) => Promise.all(PRECACHE.map((path) => cache.add(path).catch(() => undefined))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("qrs-sheets-") && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

const keep = (request, response) => {
  if (response.ok && response.type === "basic") {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
};

const answer = async (request) => {
  const network = fetch(request).then((response) => keep(request, response));
  const late = new Promise((resolve) => setTimeout(() => resolve(null), WAIT_MS));
  const first = await Promise.race([network.catch(() => null), late]);
  if (first) return first;
  const kept = await caches.match(request, { ignoreSearch: true });
  return kept || network;  // nothing kept: the network's answer, or its error, as without us
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(answer(request));
});
