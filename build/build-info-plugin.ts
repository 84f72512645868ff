// Vite plugin: stamps a build id into the bundle and writes builds/latest.json ({id}) and the
// per-build manifest builds/meta/{id}.json that the client uses to detect a new deployment.
import type { Plugin } from 'vite';
import { builtAtTexts } from './built-at-texts';

export function buildInfoPlugin(buildId: string, builtAt: string): Plugin {
  return {
    name: 'sift-build-info',
    config: () => ({
      define: {
        __BUILD_ID__: JSON.stringify(buildId),
        __BUILT_AT_TEXTS__: JSON.stringify(builtAtTexts(builtAt)),
      },
    }),
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: JSON.stringify({ id: buildId, timestamp: builtAt }),
      });
      this.emitFile({
        type: 'asset',
        fileName: `builds/meta/${buildId}.json`,
        source: JSON.stringify({ id: buildId, timestamp: builtAt, routeRules: {} }),
      });
    },
  };
}
