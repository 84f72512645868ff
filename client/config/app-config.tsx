// The public app configuration (GET /api/config), loaded once before the first render.
import { createContext, type ReactNode, useContext } from 'react';
import { apiPaths } from '#shared/api-paths';
import type { PublicConfig } from '#shared/app-config';

const AppConfigContext = createContext<PublicConfig | null>(null);

let loading: Promise<PublicConfig> | undefined;

/** The public configuration, fetched once per page: start-up and route loaders share it. */
export function loadAppConfig(): Promise<PublicConfig> {
  loading ??= fetchAppConfig();
  return loading;
}

async function fetchAppConfig(): Promise<PublicConfig> {
  const response = await fetch(apiPaths.config, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load the configuration (HTTP ${response.status})`);
  return (await response.json()) as PublicConfig;
}

export function AppConfigProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): PublicConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error('useAppConfig must be used inside <AppConfigProvider>');
  return config;
}
