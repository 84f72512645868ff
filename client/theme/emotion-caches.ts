// One Emotion style cache per text direction: the right-to-left one mirrors every physical CSS
// property (margin-left becomes margin-right…) so MUI's styles flip for Arabic.
import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

export const emotionCaches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }),
} as const;
