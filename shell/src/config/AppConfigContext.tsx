import { DEFAULT_APP_CONFIG } from '@ummahnotify/client/public-app';
import type { AppConfig } from '@ummahnotify/domain';
import { createContext, useContext } from 'react';

const AppConfigContext = createContext<AppConfig>(DEFAULT_APP_CONFIG);

export const AppConfigProvider = AppConfigContext.Provider;

export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}
