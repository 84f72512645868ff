// Vite plugin for the installable app (docs/pwa.md): the Workbox service worker client/sw.ts
// built to /sw.js with the precache list injected, the web app manifest from app.config.ts and
// the base light theme, and the install icons generated from the configured logo.
import { VitePWA } from 'vite-plugin-pwa';
import appConfigInput from '../app.config';
import { parseAppConfig } from '../shared/app-config';

/**
 * The base light theme's primary and surface colours. Vite loads this file in plain Node, where
 * material-color-utilities does not resolve, so pwa-plugin.test.ts checks them against m3Colors.
 */
export const manifestColors = { theme: '#68548E', background: '#FEF7FF' };

export function pwaPlugin() {
  const config = parseAppConfig(appConfigInput);
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: '.',
    filename: 'sw.ts',
    scope: '/',
    // client/features/pwa registers the worker itself (after start-up, with the update prompts).
    injectRegister: false,
    registerType: 'prompt',
    // The precompress plugin must see the finished sw.js, manifest and icons.
    integration: { closeBundleOrder: 'pre' },
    manifest: {
      id: '/',
      name: config.platformName,
      short_name: config.platformName,
      description: `${config.platformName}: fast search across your data, online or offline.`,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: manifestColors.theme,
      background_color: manifestColors.background,
    },
    pwaAssets: {
      image: `public/${config.logo}`,
      preset: 'minimal-2023',
      overrideManifestIcons: true,
      includeHtmlHeadLinks: true,
      // index.html carries theme-color already, and the colour-scheme boot script keeps it in step.
      injectThemeColor: false,
    },
    injectManifest: {
      // The shell, every route chunk, the search worker, styles and icons; not source maps, not
      // the build-detection files (they must always come from the network). The plugin adds the
      // manifest itself: listing it here too would precache one URL twice, which Workbox rejects.
      globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
      globIgnores: ['builds/**', '**/*.map'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}
