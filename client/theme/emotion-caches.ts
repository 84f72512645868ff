// One Emotion style cache per text direction. The right-to-left one (rtl-emotion-cache.ts) loads
// on first use; changeLocale loads it before switching, so only a page that starts in Arabic waits.
import createCache, { type EmotionCache } from '@emotion/cache';
import { createContext, useContext } from 'react';
import { onDemand } from '../lib/on-demand';
import { stylePrefixes } from './style-prefixes';

/** The left-to-right cache's options, the server's render caches' too. */
export const ltrCacheOptions = { key: 'mui', stylisPlugins: [stylePrefixes] };

const ltrCache = createCache(ltrCacheOptions);

export const rightToLeftCache = onDemand(() => import('./rtl-emotion-cache').then((m) => m.rtlEmotionCache));

/**
 * A server render's own caches: a cache writes each rule once, so one shared across requests would
 * leave the later pages without their styles.
 */
export const RenderEmotionCaches = createContext<Record<'ltr' | 'rtl', EmotionCache> | null>(null);

/** For components: the cache for `direction`, suspending while the right-to-left one loads. */
export function useEmotionCache(direction: 'ltr' | 'rtl'): EmotionCache {
  const renderCaches = useContext(RenderEmotionCaches);
  if (renderCaches) return renderCaches[direction];
  return direction === 'ltr' ? ltrCache : rightToLeftCache.use();
}
