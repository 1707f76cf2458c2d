import './global.css';
import './phone.css';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_MAX_COUNT } from '@ummahnotify/core';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import taIN from 'antd/locale/ta_IN';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { phoneTheme, theme } from './theme';
import { useIsMobile } from './useIsMobile';

function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n: active } = useTranslation();
  const phone = useIsMobile();
  return (
    <ConfigProvider locale={active.language === 'ta' ? taIN : enUS} theme={phone ? phoneTheme : theme}>
      <App message={{ maxCount: TOAST_MAX_COUNT }}>{children}</App>
    </ConfigProvider>
  );
}

/** Everything a screen needs around it: translations, antd locale and theme, toasts, the query cache. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalizedAntd>{children}</LocalizedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
