import { configure, fireEvent, render, screen } from '@testing-library/react';
import { SIGNUP_API, SIGNUP_PAGES } from '@ummahnotify/core';
import { signup } from '@ummahnotify/domain/catalogues/signup';
import type { InternalAxiosRequestConfig } from 'axios';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { DEFAULT_APP_CONFIG } from '../../config/appConfig';
import { ConfirmEmailPage } from '../confirm/ConfirmEmailPage';
import { addPageTexts } from '../i18n';
import { PublicApp, type PublicPage } from '../PublicApp';
import { UnsubscribePage } from '../unsubscribe/UnsubscribePage';

configure({ asyncUtilTimeout: 5000 });
addPageTexts({ signup });

const TOKEN = 'tok_0123456789abcdef';
const sent: unknown[] = [];
const answer = (status: number) => (config: InternalAxiosRequestConfig) => {
  sent.push(JSON.parse(config.data as string));
  return { status, data: status < 300 ? { status: 'confirmed' } : { code: status, message: 'No' } };
};

function open(url: string, Page: PublicPage) {
  window.history.pushState({}, '', url);
  return render(<PublicApp config={DEFAULT_APP_CONFIG} Page={Page} />);
}

afterEach(() => {
  restoreApi();
  sent.length = 0;
});

describe(SIGNUP_PAGES.confirmEmail, () => {
  it('says it is checking, then confirms the token of the link once the page has loaded', async () => {
    fakeApi({ [`POST ${SIGNUP_API.emailConfirm}`]: answer(200) });
    open(`${SIGNUP_PAGES.confirmEmail}?token=${TOKEN}`, ConfirmEmailPage);
    expect(screen.getByText('Confirming your subscription...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your email is confirmed' })).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('says when the link has expired or was used', async () => {
    fakeApi({ [`POST ${SIGNUP_API.emailConfirm}`]: answer(410) });
    open(`${SIGNUP_PAGES.confirmEmail}?token=${TOKEN}`, ConfirmEmailPage);
    expect(
      await screen.findByRole('heading', { name: 'This link has expired or was already used' }),
    ).toBeInTheDocument();
  });

  it('sends nothing for a link without a valid token', async () => {
    const api = fakeApi({});
    open(`${SIGNUP_PAGES.confirmEmail}?token=short`, ConfirmEmailPage);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  // A malformed percent-encoding in the link must not blank the page.
  it('says a link with a malformed token is not valid, and sends nothing', async () => {
    const api = fakeApi({});
    open(`${SIGNUP_PAGES.confirmEmail}?token=%E0%A4%A#%E0%A4%A`, ConfirmEmailPage);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('confirms the token of a link whose other parts are malformed', async () => {
    fakeApi({ [`POST ${SIGNUP_API.emailConfirm}`]: answer(200) });
    open(`${SIGNUP_PAGES.confirmEmail}?%E0%A4%A=%&token=${TOKEN}#%E0%A4%A`, ConfirmEmailPage);
    expect(await screen.findByRole('heading', { name: 'Your email is confirmed' })).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }]);
  });

  it('offers to try again after a server fault, and the retry sends the token again', async () => {
    let status = 500;
    fakeApi({ [`POST ${SIGNUP_API.emailConfirm}`]: (config) => answer(status)(config) });
    open(`${SIGNUP_PAGES.confirmEmail}?token=${TOKEN}`, ConfirmEmailPage);
    expect(await screen.findByRole('heading', { name: 'Your email could not be confirmed' })).toBeInTheDocument();
    status = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your email is confirmed' })).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }, { token: TOKEN }]);
  });
});

describe(SIGNUP_PAGES.unsubscribe, () => {
  it('unsubscribes on load and says nothing more will come', async () => {
    fakeApi({ [`POST ${SIGNUP_API.unsubscribe}`]: answer(200) });
    open(`${SIGNUP_PAGES.unsubscribe}?token=${TOKEN}`, UnsubscribePage);
    expect(await screen.findByRole('heading', { name: 'You will not receive any more messages' })).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }]);
  });

  it('says the link is no longer valid when the server does not know it', async () => {
    fakeApi({ [`POST ${SIGNUP_API.unsubscribe}`]: answer(404) });
    open(`${SIGNUP_PAGES.unsubscribe}?token=${TOKEN}`, UnsubscribePage);
    expect(await screen.findByRole('heading', { name: 'This link is no longer valid' })).toBeInTheDocument();
  });
});
