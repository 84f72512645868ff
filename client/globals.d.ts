// Constants defined at build time by vite.config.ts.
declare const __BUILD_ID__: string;
declare const __BUILT_AT__: string;
declare const __APP_VERSION__: string;
