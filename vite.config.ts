import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildInfoPlugin } from './build/build-info-plugin';
import { builtAtTexts } from './build/built-at-texts';
import { precompressPlugin } from './build/precompress-plugin';
import { pwaPlugin } from './build/pwa-plugin';
import { startChunksPlugin } from './build/start-chunks-plugin';
import { RENDER_ENTRY, renderBundleDir } from './shared/render-bundle';

const builtAt = new Date().toISOString();
const buildId =
  process.env.BUILD_ID ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const serverOrigin = `http://localhost:${process.env.PORT ?? 3000}`;
const clientOutDir = fileURLToPath(
  new URL(process.env.STATIC_DIR ?? './dist/client', new URL('.', import.meta.url)),
);

const clientBuild = (): { id: string; timestamp: string } =>
  JSON.parse(readFileSync(`${clientOutDir}/builds/latest.json`, 'utf8'));

/**
 * `vite build --ssr`, after the client's build: the render bundle the server loads at run time
 * (docs/rendering.md), with the client's build id and every package it uses.
 */
const renderBundleConfig = () =>
  defineConfig({
    root: fileURLToPath(new URL('./client', import.meta.url)),
    publicDir: false,
    plugins: [react()],
    resolve: { tsconfigPaths: true },
    // Self-contained, so it runs wherever it is copied (a temporary build folder, the release bundle).
    ssr: { noExternal: true },
    define: {
      __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0'),
      __BUILD_ID__: JSON.stringify(clientBuild().id),
      __BUILT_AT_TEXTS__: JSON.stringify(builtAtTexts(clientBuild().timestamp)),
    },
    build: {
      outDir: renderBundleDir(clientOutDir),
      emptyOutDir: true,
      target: 'node20',
      rolldownOptions: {
        input: fileURLToPath(new URL('./client/entry-server.tsx', import.meta.url)),
        output: { entryFileNames: RENDER_ENTRY },
      },
    },
  });

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? renderBundleConfig()
    : {
        root: fileURLToPath(new URL('./client', import.meta.url)),
        publicDir: 'public',
        // pwaPlugin before precompressPlugin: the compressed siblings are written after the service worker.
        plugins: [
          react(),
          buildInfoPlugin(buildId, builtAt),
          startChunksPlugin(),
          pwaPlugin(),
          precompressPlugin(),
        ],
        // The #client/… import aliases are declared once, in tsconfig.json.
        resolve: { tsconfigPaths: true },
        define: { __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0') },
        build: {
          outDir: clientOutDir,
          emptyOutDir: true,
          target: 'es2022',
          sourcemap: true,
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  // main.tsx evaluates these three in turn, a task each (docs/decisions/011-staged-start.md).
                  { name: 'index', tags: ['$initial'], priority: 5 },
                  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
                  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
                  { name: 'shell', test: /client[\\/]app[\\/]start-app\.tsx$/, priority: 2 },
                  {
                    name: 'ui',
                    test: /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|icons-material)|@emotion|react-transition-group|@popperjs|clsx|prop-types|react-is)[\\/]/,
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
        server: {
          port: 5173,
          proxy: Object.fromEntries(
            ['/api', '/graphql', '/_i18n', '/healthz', '/readyz'].map((path) => [
              path,
              { target: serverOrigin, ws: true },
            ]),
          ),
        },
      },
);
