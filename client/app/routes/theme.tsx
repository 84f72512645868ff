// /theme: colour family, light or dark, and contrast, with a live preview.
import { ThemePage } from '#client/features/theme/theme-page';
import { loadColorFamilies } from '#client/theme/m3-colors';

/** The page shows every colour family, so the server loads them too (server-page.ts). */
export const loaderOnServer = true;

export const loader = () => loadColorFamilies().then(() => null);

export function Component() {
  return <ThemePage />;
}
