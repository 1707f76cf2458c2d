import type { AppConfig } from '@ummahnotify/domain';
import { createContext, useContext } from 'react';
import { DEFAULT_APP_CONFIG } from './appConfig';

const AppConfigContext = createContext<AppConfig>(DEFAULT_APP_CONFIG);

export const AppConfigProvider = AppConfigContext.Provider;

export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}
