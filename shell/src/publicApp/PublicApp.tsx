import { type AppConfig, type PublicAppPage, publicAppPage } from '@ummahnotify/shared/domain';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n';
import { LoginPage } from './LoginPage';

const PAGES: Record<PublicAppPage, ComponentType<{ config: AppConfig }>> = { '/login': LoginPage };

export function pageFor(pathname: string): ComponentType<{ config: AppConfig }> | undefined {
  const page = publicAppPage(pathname);
  return page && PAGES[page];
}

/** The page the server sent this app for (PUBLIC_APP_PAGES), with its translations. */
export function PublicApp({ config, pathname }: { config: AppConfig; pathname: string }) {
  const Page = pageFor(pathname);
  if (!Page) throw new Error(`The light public app has no page at ${pathname}`);
  return (
    <I18nextProvider i18n={i18n}>
      <Page config={config} />
    </I18nextProvider>
  );
}
