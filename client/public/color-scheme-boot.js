// Runs in <head> before the first paint (a file, not inline: the CSP allows no inline scripts).
// Applies the colour scheme saved in the color-scheme cookie, or else the browser's light or dark
// preference, to <html> so the page never flashes the wrong theme while the app loads.
// The names come from client/theme/color-scheme.ts; color-scheme-boot.test.ts keeps both in step.
(() => {
  const surfaces = {
    violet: { light: '#fef7ff', dark: '#151218' },
    ocean: { light: '#f9f9ff', dark: '#111318' },
    meadow: { light: '#f9faef', dark: '#12140e' },
    terracotta: { light: '#fff8f6', dark: '#1a110f' },
  };
  const saved = document.cookie.split('; ').find((entry) => entry.startsWith('color-scheme='));
  const name = saved ? decodeURIComponent(saved.slice('color-scheme='.length)) : '';
  const match =
    /^(?:(violet|ocean|meadow|terracotta)-)?(light|dark|system)(-(?:medium|high)-contrast)?$/.exec(name);
  const family = match?.[1] ?? 'violet';
  const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  const mode = match && match[2] !== 'system' ? match[2] : prefersDark ? 'dark' : 'light';
  const root = document.documentElement;
  root.dataset.colorScheme = (family === 'violet' ? '' : `${family}-`) + mode + (match?.[3] ?? '');
  root.style.colorScheme = mode;
  root.style.backgroundColor = surfaces[family][mode];
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', surfaces[family][mode]);
})();
