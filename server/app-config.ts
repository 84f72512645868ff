// Loads and validates app.config.ts once at start-up.
import rawConfig from '../app.config';
import { type AppConfig, parseAppConfig } from '../shared/app-config';

export function loadAppConfig(): AppConfig {
  return parseAppConfig(rawConfig);
}
