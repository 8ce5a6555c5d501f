// Served over http(s), a page of this folder installs as an offline app: the folder's manifest
// and service worker (qrsc names them in the page's data-manifest and data-worker). Opened from
// a file, the page is one self-contained file and asks for neither.
(() => {
  if (!/^https?:$/.test(location.protocol) || !("serviceWorker" in navigator)) return;
  const { manifest, worker } = document.documentElement.dataset;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = manifest;
  document.head.append(link);
  navigator.serviceWorker.register(worker).catch(() => undefined);
})();
