import { configure, screen } from '@testing-library/react';
import { SIGNUP_API, SIGNUP_PAGES } from '@ummahnotify/shared/domain';
import type { InternalAxiosRequestConfig } from 'axios';
import { fakeApi, restoreApi } from '../../../shared/test/fakeApi';
import { renderWithProviders } from '../../../shared/test/render';
import { AppRoutes } from '../AppRoutes';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5000 });

const TOKEN = 'tok_0123456789abcdef';
const sent: unknown[] = [];
const answer = (status: number) => (config: InternalAxiosRequestConfig) => {
  sent.push(JSON.parse(config.data as string));
  return { status, data: status < 300 ? { status: 'confirmed' } : { code: status, message: 'No' } };
};

afterEach(() => {
  restoreApi();
  sent.length = 0;
});

describe(SIGNUP_PAGES.confirmEmail, () => {
  it('confirms the token of the link once the page has loaded', async () => {
    fakeApi({ [`POST ${SIGNUP_API.emailConfirm}`]: answer(200) });
    await renderWithProviders(<AppRoutes />, { history: [`${SIGNUP_PAGES.confirmEmail}?token=${TOKEN}`] });
    expect(await screen.findByRole('heading', { name: 'Your email is confirmed' })).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('says when the link has expired or was used', async () => {
    fakeApi({ [`POST ${SIGNUP_API.emailConfirm}`]: answer(410) });
    await renderWithProviders(<AppRoutes />, { history: [`${SIGNUP_PAGES.confirmEmail}?token=${TOKEN}`] });
    expect(
      await screen.findByRole('heading', { name: 'This link has expired or was already used' }),
    ).toBeInTheDocument();
  });

  it('sends nothing for a link without a valid token', async () => {
    const api = fakeApi({});
    await renderWithProviders(<AppRoutes />, { history: [`${SIGNUP_PAGES.confirmEmail}?token=short`] });
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('offers to try again after a server fault', async () => {
    fakeApi({ [`POST ${SIGNUP_API.emailConfirm}`]: answer(500) });
    await renderWithProviders(<AppRoutes />, { history: [`${SIGNUP_PAGES.confirmEmail}?token=${TOKEN}`] });
    expect(await screen.findByRole('heading', { name: 'Your email could not be confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe(SIGNUP_PAGES.unsubscribe, () => {
  it('unsubscribes on load and says nothing more will come', async () => {
    fakeApi({ [`POST ${SIGNUP_API.unsubscribe}`]: answer(200) });
    await renderWithProviders(<AppRoutes />, { history: [`${SIGNUP_PAGES.unsubscribe}?token=${TOKEN}`] });
    expect(await screen.findByRole('heading', { name: 'You will not receive any more messages' })).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }]);
  });

  it('says the link is no longer valid when the server does not know it', async () => {
    fakeApi({ [`POST ${SIGNUP_API.unsubscribe}`]: answer(404) });
    await renderWithProviders(<AppRoutes />, { history: [`${SIGNUP_PAGES.unsubscribe}?token=${TOKEN}`] });
    expect(await screen.findByRole('heading', { name: 'This link is no longer valid' })).toBeInTheDocument();
  });
});
