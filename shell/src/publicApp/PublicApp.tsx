import type { AppConfig } from '@ummahnotify/domain';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n';

export type PublicPage = ComponentType<{ config: AppConfig }>;

/** One page of the light public app, with its translations. */
export function PublicApp({ config, Page }: { config: AppConfig; Page: PublicPage }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Page config={config} />
    </I18nextProvider>
  );
}
