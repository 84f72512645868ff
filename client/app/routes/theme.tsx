// /theme: colour family, light or dark, and contrast, with a live preview.
import { ThemePage } from '#client/features/theme/theme-page';
import { loadColorFamilies } from '#client/theme/m3-colors';

/** The page shows every family's colours. */
export const loader = () => loadColorFamilies().then(() => null);

export function Component() {
  return <ThemePage />;
}
