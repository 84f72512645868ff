// The right-to-left Emotion cache: it mirrors every physical CSS property (margin-left becomes
// margin-right…) so MUI's styles flip for Arabic. Its own chunk: only right-to-left pages load it.
import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

export const createRtlEmotionCache = () =>
  createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });

export const rtlEmotionCache = createRtlEmotionCache();
