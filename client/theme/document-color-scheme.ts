// Mirrors the active colour scheme onto <html> and the browser's theme colour, as the boot script
// inline in client/index.html does before the first paint, so the two never disagree.
import { type ColorScheme, colorSchemeName } from './color-scheme';
import { m3Colors } from './m3-colors';

export function applyColorSchemeToDocument(scheme: ColorScheme): void {
  const surface = m3Colors(scheme).surface;
  const root = document.documentElement;
  root.dataset.colorScheme = colorSchemeName(scheme);
  root.style.colorScheme = scheme.mode;
  root.style.backgroundColor = surface;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', surface);
}
