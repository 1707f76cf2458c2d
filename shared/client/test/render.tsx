/// <reference types="@testing-library/jest-dom" />

import type { QueryClient } from '@tanstack/react-query';
import { act, type RenderResult, render } from '@testing-library/react';
import { AppProviders, createQueryClient } from '@ummahnotify/client';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';

/**
 * The dashboard's query cache, with its one retry after a server fault made at once: a test of a failed load then
 * sees the failure as soon as both answers are in, not a second later (the retry's delay is React Query's, not ours).
 */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  return client;
}

/**
 * Renders a screen with the real providers (i18n, antd, toasts, query cache) at a route. Awaited
 * inside act() so the updates antd schedules right after mounting (menus, tabs) settle first.
 */
export async function renderWithProviders(
  ui: ReactElement,
  { history = ['/'] }: { history?: string[] } = {},
): Promise<RenderResult> {
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <AppProviders queryClient={testQueryClient()}>
        <MemoryRouter initialEntries={history} initialIndex={history.length - 1}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>,
    );
  });
  return result as RenderResult;
}

/** Shows the router's current path, so a test can see where a screen navigated. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}
