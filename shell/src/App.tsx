import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@ummahnotify/client';
import type { AppConfig } from '@ummahnotify/domain';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { AppConfigProvider } from './config/AppConfigContext';

export function App({ config, queryClient }: { config: AppConfig; queryClient: QueryClient }) {
  return (
    <AppConfigProvider value={config}>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </AppConfigProvider>
  );
}
