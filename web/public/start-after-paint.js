// Starts a prerendered page's app after its first paint. scripts/prerender.mjs puts this classic,
// deferred script in place of the entry <script type="module"> and its modulepreload links: the
// page is readable from its HTML alone, so on a slow phone the first paint must not wait behind
// downloading, parsing and running the app's JavaScript. Hydration follows one frame later.
(function () {
  var script = document.currentScript;
  var entry = script && script.dataset.entry;
  if (!entry) return;
  var preloads = (script.dataset.preload || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    import(entry);
  }
  // A requestAnimationFrame callback runs just before a frame is painted; the timeout queued from it
  // runs after that paint. Background tabs get no frames, hence the fallback timer.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 3000);
})();
