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

// Not the theme, but also due before the app's bundle runs: the silent session refresh starts
// here, while the bundle is still being read and compiled, rather than once it runs. The app
// takes this answer for its first refresh instead of asking again (src/lib/api/refresh-token.ts,
// which makes the same request): a second refresh in flight would present a refresh token the
// first one has already rotated.
(function () {
  if (typeof fetch !== 'function') return;
  var early = fetch('/api/auth/refresh', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  // A failure is handled where the app takes the answer.
  early.catch(function () {});
  window.__edgechatEarlyRefresh = early;
})();
