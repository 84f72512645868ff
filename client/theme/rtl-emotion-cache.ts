// The right-to-left Emotion cache: it mirrors every physical CSS property (margin-left becomes
// margin-right…) so MUI's styles flip for Arabic. Its own chunk: only right-to-left pages load it.
import createCache from '@emotion/cache';
import rtlPlugin from 'stylis-plugin-rtl';
import { stylePrefixes } from './style-prefixes';

export const createRtlEmotionCache = () =>
  createCache({ key: 'muirtl', stylisPlugins: [stylePrefixes, rtlPlugin] });

export const rtlEmotionCache = createRtlEmotionCache();
