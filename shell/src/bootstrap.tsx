import { createQueryClient, setApiBaseUrl } from '@ummahnotify/client';
import { loadAppConfig } from '@ummahnotify/client/public-app';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerSectionRemotes } from './remotes/federation';

async function start(): Promise<void> {
  const config = await loadAppConfig();
  setApiBaseUrl(config.apiUrl);
  registerSectionRemotes(config.remotes);

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <App config={config} queryClient={createQueryClient()} />
    </StrictMode>,
  );
}

void start();
