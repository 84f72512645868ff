// MUI's own component texts (pagination, autocomplete, alerts, rating…) in the interface
// language. English is MUI's default; the other languages' texts load on first use.
import type { Localization } from '@mui/material/locale';
import { defaultLocale } from '#shared/locales';
import { onDemand } from '../lib/on-demand';

const translated = onDemand(() => import('./mui-translated-texts').then((m) => m.translatedTexts));

export const loadMuiTranslations = translated.load;

/** For components: the texts of `code`, suspending while the translations load. */
export function useMuiLocalization(code: string): Localization {
  return code === defaultLocale ? {} : (translated.use()[code] ?? {});
}
