// For tests only: a part of the light public app with the landing page's providers, as its entry gives them.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, type RenderResult, render } from '@testing-library/react';
import { createQueryClient } from '@ummahnotify/client/public-app';
import type { Language } from '@ummahnotify/core';
import { prayer } from '@ummahnotify/domain/catalogues/prayer';
import { signup } from '@ummahnotify/domain/catalogues/signup';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { addPageTexts, i18n } from './i18n';

addPageTexts({ signup, prayer });

export async function renderLandingPart(ui: ReactElement): Promise<RenderResult> {
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
      </I18nextProvider>,
    );
  });
  return result as RenderResult;
}

export async function setLanguage(language: Language): Promise<void> {
  await act(() => i18n.changeLanguage(language));
}
