// Runs before first paint so the page never flashes the wrong theme. Mirrors
// src/lib/theme/theme.ts: `color-theme` holds system | dark | light; system (or nothing
// stored) is dark unless the OS prefers light. A file rather than an inline script, so the
// Content Security Policy can allow scripts from the app's origin only.
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('color-theme');
  } catch (e) {}
  var prefersLight = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches);
  var dark = stored === 'dark' || (stored !== 'light' && !prefersLight);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
