/*
 * Starts loading the current screen's chunks while the app's entry downloads (see
 * apps/web/routePreload.ts, which lists them in index.html): without it a first visit fetches
 * the screen's code only after the entry has run. The page folder is the path's first segment;
 * `/` is home. Nothing happens in development or for a path without its own chunk.
 */
(() => {
  const data = document.getElementById('sp-route-chunks');
  if (!data) return;
  let routes;
  try {
    routes = JSON.parse(data.textContent || '{}');
  } catch {
    return;
  }
  const page = window.location.pathname.split('/')[1] || 'home';
  const files = Object.hasOwn(routes, page) ? routes[page] : [];
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = `/${file}`;
    document.head.appendChild(link);
  }
})();
