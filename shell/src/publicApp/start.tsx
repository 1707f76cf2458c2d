// The light public app: the signed-out pages of PUBLIC_APP_PAGES without antd or Module Federation. It draws antd's
// look from antd's markup and its extracted CSS (antd.generated.css, written by scripts/public-app-css.tsx).
// Each page is its own build entry (<page>/index.tsx), which starts here.
import './antd.generated.css';
// After antd's rules, as in the dashboard (where antd's own come first): its phone padding of results wins.
import '@ummahnotify/client/global.css';
import { loadAppConfig, setApiBaseUrl } from '@ummahnotify/client/public-app';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApp, type PublicPage } from './PublicApp';

export async function startPublicApp(Page: PublicPage): Promise<void> {
  const config = await loadAppConfig();
  setApiBaseUrl(config.apiUrl);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  createRoot(root).render(
    <StrictMode>
      <PublicApp config={config} Page={Page} />
    </StrictMode>,
  );
}
