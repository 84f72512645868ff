// MUI's own component texts (pagination, autocomplete, alerts, rating…) for each interface language.
import { arEG, enUS, esES, frFR, type Localization } from '@mui/material/locale';

export const muiLocalizations: Record<string, Localization> = { en: enUS, es: esES, fr: frFR, ar: arEG };
