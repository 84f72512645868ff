// MUI's component texts for the interface languages other than English (loaded on first use).
import { arEG, esES, frFR, type Localization } from '@mui/material/locale';

export const translatedTexts: Record<string, Localization> = { es: esES, fr: frFR, ar: arEG };
