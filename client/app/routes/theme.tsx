// /theme: colour family, light or dark, and contrast, with a live preview.
import { ThemePage } from '../../features/theme/theme-page';

export function Component() {
  return <ThemePage />;
}
