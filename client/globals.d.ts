// Constants defined at build time by vite.config.ts.
declare const __BUILD_ID__: string;
/** When the build was made, written in each interface language (by locale code). */
declare const __BUILT_AT_TEXTS__: Readonly<Record<string, string>>;
declare const __APP_VERSION__: string;
