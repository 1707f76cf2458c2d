import { fireEvent, waitFor, within } from '@testing-library/dom';
import { API_PATHS, DASHBOARD_PATH, SIGNUP_API, SIGNUP_PAGES } from '@ummahnotify/core';
import { NETWORK_ERROR, SIGNUP_OUTCOMES } from '../../shared/domain/test/expected-texts';
import { frame, openPage } from '../test/openPage';
import { navigate } from './browser/page';
import { showDemoBanner } from './demoBanner';

// What the pages say (docs/product/screens.md#public-pages, delivery.md#sign-up, rights.md#accounts-and-sign-in),
// written here, never read from the catalogues the pages are drawn from.
const common = {
  en: {
    languageTamil: 'தமிழ்',
  },
  ta: { language: 'மொழி' },
};
const shell = {
  en: {
    loginTitle: 'Staff sign in',
    signInPrompt: 'Sign in with your Google account to continue accessing',
    signInAgain: 'Sign in again',
    signInErrorExpired: 'The sign-in took too long or was started elsewhere. Please sign in again.',
    signInErrorFailed: 'Google did not confirm the sign-in. Please try again.',
    signInErrorUnverified: 'Your Google account has no verified email address, so it cannot sign in here.',
    contactSupport: 'Contact support on WhatsApp',
    forbidden: 'You do not have permission to access this page',
    goBack: 'Go Back',
    signedInNoAccess: (email: string) => `Signed in as ${email} (no access to the dashboard)`,
    signOut: 'Sign out',
    signedOut: 'You are signed out.',
  },
  ta: {
    loginTitle: 'பணியாளர் உள்நுழைவு',
    goBack: 'பின் செல்',
    signedInNoAccess: (email: string) => `${email} ஆக உள்நுழைந்துள்ளீர்கள் (டாஷ்போர்டை அணுக அனுமதி இல்லை)`,
    signOut: 'வெளியேறுக',
    signedOut: 'நீங்கள் வெளியேறிவிட்டீர்கள்.',
  },
};
const signup = {
  en: {
    confirmChecking: 'Confirming your subscription...',
    confirmDone: SIGNUP_OUTCOMES.confirmed.en,
    confirmExpired: SIGNUP_OUTCOMES.confirmExpired.en,
    confirmInvalid: 'This link is not valid',
    confirmError: 'Your email could not be confirmed',
    unsubscribeGone: SIGNUP_OUTCOMES.unsubscribeGone.en,
    tryAgain: 'Try again',
    backHome: 'Back to the home page',
  },
  ta: { unsubscribeDone: SIGNUP_OUTCOMES.unsubscribed.ta },
};

// The dashboard is a full page load, which jsdom does not do: the test sees that it was asked for.
jest.mock('./browser/page', () => ({ ...jest.requireActual('./browser/page'), navigate: jest.fn() }));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const shown = () => frame(document.documentElement.lang === 'ta' ? 'ta' : 'en');

afterEach(() => {
  jest.mocked(navigate).mockClear();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('the static pages (drawn by antd at build time)', () => {
  it('hold every text in English and in Tamil, and show the language the visitor chose last', async () => {
    await openPage('login', '/login', {}, { language: 'ta' });
    expect(document.documentElement.lang).toBe('ta');
    expect(within(frame('ta')).getByRole('heading', { name: shell.ta.loginTitle })).toBeInTheDocument();
    expect(within(frame('en')).getByRole('heading', { name: shell.en.loginTitle, hidden: true })).not.toBeVisible();
    await openPage('login', '/login');
    expect(document.documentElement.lang).toBe('en');
  });

  it("switch language with the switch's other option or an arrow key, and remember it", async () => {
    await openPage('thanks', '/thanks');
    await settle();
    fireEvent.click(within(frame('en')).getByTitle(common.en.languageTamil));
    expect(document.documentElement.lang).toBe('ta');
    expect(localStorage.getItem('ummahnotify.language')).toBe('ta');
    const tamilSwitch = within(frame('ta')).getByRole('radiogroup', { name: common.ta.language });
    expect(tamilSwitch).toHaveFocus();
    fireEvent.keyDown(tamilSwitch, { key: 'ArrowLeft' });
    expect(document.documentElement.lang).toBe('en');
  });

  it('show the demo banner only when the server is in demo mode', async () => {
    await openPage('thanks', '/thanks', {}, { config: { demo: true } });
    await settle();
    expect(within(shown()).getByTestId('demo-banner')).toBeVisible();
    await openPage('thanks', '/thanks');
    await settle();
    expect(within(shown()).getByTestId('demo-banner')).not.toBeVisible();
  });

  it('show the demo banner from the start when a server in demo mode sends it shown: drawn with the page, it moves nothing', async () => {
    // /app-config.json not answered yet: the script has shown nothing.
    const unanswered = { [`GET ${API_PATHS.appConfig}`]: () => new Promise<never>(() => {}) };
    await openPage('login', '/login', unanswered, { served: showDemoBanner });
    expect(within(frame('en')).getByTestId('demo-banner')).toBeVisible();
    expect(within(frame('ta')).getByTestId('demo-banner')).not.toBeVisible();
    await openPage('login', '/login', unanswered, { served: showDemoBanner, language: 'ta' });
    expect(within(frame('ta')).getByTestId('demo-banner')).toBeVisible();
    // As the build writes it: hidden in every frame.
    await openPage('login', '/login', unanswered);
    expect(within(shown()).getByTestId('demo-banner')).not.toBeVisible();
  });
});

describe('the Home Screen web app (docs/product/api.md#the-home-screen-web-app)', () => {
  it.each([
    ['landing', '/'],
    ['login', '/login'],
    ['thanks', '/thanks'],
    ['forbidden', '/nowhere'],
  ] as const)('%s links the manifest and the icons and carries the tags iOS reads', async (entry, url) => {
    await openPage(entry, url);
    const head = document.head;
    const attribute = (selector: string, name: string) => head.querySelector(selector)?.getAttribute(name);
    expect(attribute('link[rel="manifest"]', 'href')).toBe('/manifest.webmanifest');
    expect(attribute('link[rel="apple-touch-icon"]', 'href')).toBe('/icons/apple-touch-icon.png');
    expect(attribute('link[rel="apple-touch-icon"]', 'sizes')).toBe('180x180');
    expect(attribute('link[rel="icon"]', 'href')).toBe('/icons/icon-192.png');
    const metas = Object.fromEntries(
      [...head.querySelectorAll('meta[name]')].map((meta) => [meta.getAttribute('name'), meta.getAttribute('content')]),
    );
    expect(metas).toMatchObject({
      'theme-color': '#1f7a4d',
      'mobile-web-app-capable': 'yes',
      'apple-mobile-web-app-capable': 'yes',
      'apple-mobile-web-app-title': 'UmmahNotify',
      'apple-mobile-web-app-status-bar-style': 'default',
    });
  });
});

describe('/login (docs/product/screens.md#login)', () => {
  /** The place that names a session without the dashboard, in the frame shown (its sentence is cut by the email). */
  const signedIn = (language: 'en' | 'ta' = 'en') => frame(language).querySelector('[data-signed-in]') as HTMLElement;
  const session = (rights: string) => ({
    [`GET ${API_PATHS.session}`]: {
      status: 200,
      body: { user: { _id: 'u1', fName: 'Aisha', email: 'a@x.sg', rights, activated: true } },
    },
    [`POST ${API_PATHS.logout}`]: { status: 200, body: { code: 200, message: 'Signed out' } },
  });

  it('shows the prompt and a sign-in button to the API sign-in endpoint', async () => {
    await openPage('login', '/login', {}, { config: { apiUrl: 'https://api.example.sg' } });
    await settle();
    expect(within(shown()).getByText(shell.en.signInPrompt)).toBeVisible();
    const button = within(shown()).getByRole('link', { name: /Sign in with Google/ });
    expect(button).toHaveAttribute('href', 'https://api.example.sg/api/auth/google');
  });

  it('reads the session and, with none, does nothing more', async () => {
    const { calls } = await openPage('login', '/login', {
      [`GET ${API_PATHS.session}`]: { status: 200, body: { user: null } },
    });
    await waitFor(() => expect(calls).toEqual([`GET ${API_PATHS.session}`]));
    await settle();
    expect(calls).toEqual([`GET ${API_PATHS.session}`]);
    expect(navigate).not.toHaveBeenCalled();
    expect(signedIn()).not.toBeVisible();
  });

  for (const rights of ['admin', 'superadmin', 'editor'])
    it(`keeps ${rights} signed in and opens the dashboard`, async () => {
      const { calls } = await openPage('login', '/login', session(rights));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith(DASHBOARD_PATH));
      expect(calls).toEqual([`GET ${API_PATHS.session}`]);
    });

  for (const rights of ['none', 'user', 'member'])
    it(`never signs ${rights} out by itself: names the account, and signs out on a click`, async () => {
      const { calls } = await openPage('login', '/login', session(rights));
      await waitFor(() => expect(signedIn()).toBeVisible());
      expect(signedIn()).toHaveTextContent(shell.en.signedInNoAccess('a@x.sg'));
      expect(calls).toEqual([`GET ${API_PATHS.session}`]);
      expect(navigate).not.toHaveBeenCalled();
      expect(within(shown()).getByText(shell.en.signedOut)).not.toBeVisible();

      fireEvent.click(within(shown()).getByRole('button', { name: shell.en.signOut }));
      await waitFor(() => expect(within(shown()).getByText(shell.en.signedOut)).toBeVisible());
      expect(calls).toEqual([`GET ${API_PATHS.session}`, `POST ${API_PATHS.logout}`]);
      expect(signedIn()).not.toBeVisible();
      expect(within(shown()).getByRole('link', { name: /Sign in with Google/ })).toBeVisible();
    });

  it('says it in Tamil too', async () => {
    await openPage('login', '/login', session('none'), { language: 'ta' });
    await waitFor(() => expect(signedIn('ta')).toBeVisible());
    expect(signedIn('ta')).toHaveTextContent(shell.ta.signedInNoAccess('a@x.sg'));
    fireEvent.click(within(frame('ta')).getByRole('button', { name: shell.ta.signOut }));
    await waitFor(() => expect(within(frame('ta')).getByText(shell.ta.signedOut)).toBeVisible());
  });

  it('logs the spec message and says the server could not be reached when signing out fails; the session is named still', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    await openPage('login', '/login', { ...session('none'), [`POST ${API_PATHS.logout}`]: { status: 0 } });
    await waitFor(() => expect(signedIn()).toBeVisible());
    fireEvent.click(within(shown()).getByRole('button', { name: shell.en.signOut }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Something went wrong in login page.'));
    expect(within(shown()).getByRole('alert')).toHaveTextContent(NETWORK_ERROR.en);
    expect(signedIn()).toBeVisible();
    expect(within(shown()).getByText(shell.en.signedOut)).not.toBeVisible();
  });

  it('says why a sign-in was refused, and shows no other refusal', async () => {
    await openPage('login', '/login?error=unverified', session('none'));
    await settle();
    expect(within(shown()).getByText(shell.en.signInErrorUnverified)).toBeVisible();
    expect(within(shown()).getByText(shell.en.signInErrorExpired)).not.toBeVisible();
  });

  it('shows no refusal for an unknown ?error=', async () => {
    await openPage('login', '/login?error=<b>x</b>', session('none'));
    await settle();
    for (const key of ['signInErrorExpired', 'signInErrorFailed', 'signInErrorUnverified'] as const)
      expect(within(shown()).getByText(shell.en[key])).not.toBeVisible();
  });
});

describe('/thanks (docs/product/screens.md#thanks)', () => {
  it('shows both logged-out texts and a way to sign in again', async () => {
    await openPage('thanks', '/thanks');
    expect(within(shown()).getByText('Thank You , You have been logged out.')).toBeVisible();
    expect(within(shown()).getByText('You are seeing this page because your logged in session ended.')).toBeVisible();
    expect(within(shown()).getByRole('link', { name: shell.en.signInAgain })).toHaveAttribute('href', '/login');
  });

  it('links to the support WhatsApp number in a new tab, only when one is configured', async () => {
    await openPage('thanks', '/thanks', {}, { config: { supportWhatsapp: '+65 8123 4567' } });
    await settle();
    const link = within(shown()).getByRole('link', { name: /Contact support on WhatsApp/ });
    expect(link).toBeVisible();
    expect(link).toHaveAttribute('href', 'https://wa.me/6581234567');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await openPage('thanks', '/thanks');
    await settle();
    expect(within(shown()).getByText(shell.en.contactSupport)).not.toBeVisible();
  });
});

describe('403 (docs/product/screens.md#403-page)', () => {
  it('says the visitor may not see the page, in English and Tamil', async () => {
    await openPage('forbidden', '/no-such-page');
    expect(within(frame('en')).getByText(shell.en.forbidden)).toBeInTheDocument();
    expect(within(frame('ta')).getByRole('button', { name: shell.ta.goBack, hidden: true })).not.toBeVisible();
  });

  it('goes back in history after 2 seconds, not before, or at once with Go back', async () => {
    jest.useFakeTimers();
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => {});
    await openPage('forbidden', '/no-such-page');
    await jest.advanceTimersByTimeAsync(1_900);
    expect(back).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(100);
    expect(back).toHaveBeenCalledTimes(1);
    fireEvent.click(within(shown()).getByRole('button', { name: shell.en.goBack }));
    expect(back).toHaveBeenCalledTimes(2);
  });
});

const TOKEN = 'tok_0123456789abcdef';
const heading = (name: string) => within(shown()).findByRole('heading', { name });

describe(SIGNUP_PAGES.confirmEmail, () => {
  it('says it is checking, then confirms the token of the link once the page has loaded', async () => {
    const { bodies } = await openPage('confirm', `${SIGNUP_PAGES.confirmEmail}?token=${TOKEN}`, {
      [`POST ${SIGNUP_API.emailConfirm}`]: { status: 200, body: { status: 'confirmed' } },
    });
    expect(within(shown()).getByText(signup.en.confirmChecking)).toBeInTheDocument();
    expect(await heading(signup.en.confirmDone)).toBeInTheDocument();
    expect(bodies).toEqual([{ token: TOKEN }]);
    expect(within(shown()).getByRole('link', { name: signup.en.backHome })).toHaveAttribute('href', '/');
    expect(document.querySelectorAll('[data-slot] .ant-spin')).toHaveLength(0);
    // A screen reader hears the outcome when it replaces the waiting line.
    expect(
      within(shown()).getByRole('heading', { name: signup.en.confirmDone }).closest('[aria-live="polite"]'),
    ).not.toBeNull();
  });

  it('says when the link has expired or was used', async () => {
    await openPage('confirm', `${SIGNUP_PAGES.confirmEmail}?token=${TOKEN}`, {
      [`POST ${SIGNUP_API.emailConfirm}`]: { status: 410 },
    });
    expect(await heading(signup.en.confirmExpired)).toBeInTheDocument();
  });

  it('sends nothing for a link without a valid token, or with a malformed one', async () => {
    for (const url of [
      `${SIGNUP_PAGES.confirmEmail}?token=short`,
      `${SIGNUP_PAGES.confirmEmail}?token=%E0%A4%A#%E0%A4%A`,
    ]) {
      const { calls } = await openPage('confirm', url);
      expect(await heading(signup.en.confirmInvalid)).toBeInTheDocument();
      expect(calls).toEqual([]);
    }
  });

  it('confirms the token of a link whose other parts are malformed', async () => {
    const { bodies } = await openPage('confirm', `${SIGNUP_PAGES.confirmEmail}?%E0%A4%A=%&token=${TOKEN}#%E0%A4%A`, {
      [`POST ${SIGNUP_API.emailConfirm}`]: { status: 200 },
    });
    expect(await heading(signup.en.confirmDone)).toBeInTheDocument();
    expect(bodies).toEqual([{ token: TOKEN }]);
  });

  it('offers to try again after a server fault, and the retry sends the token again', async () => {
    let status = 500;
    const { bodies } = await openPage('confirm', `${SIGNUP_PAGES.confirmEmail}?token=${TOKEN}`, {
      [`POST ${SIGNUP_API.emailConfirm}`]: () => ({ status }),
    });
    expect(await heading(signup.en.confirmError)).toBeInTheDocument();
    status = 200;
    fireEvent.click(within(shown()).getByRole('button', { name: signup.en.tryAgain }));
    expect(await heading(signup.en.confirmDone)).toBeInTheDocument();
    expect(bodies).toEqual([{ token: TOKEN }, { token: TOKEN }]);
  });
});

describe(SIGNUP_PAGES.unsubscribe, () => {
  it('unsubscribes on load and says nothing more will come, in the language chosen', async () => {
    const { bodies } = await openPage(
      'unsubscribe',
      `${SIGNUP_PAGES.unsubscribe}?token=${TOKEN}`,
      { [`POST ${SIGNUP_API.unsubscribe}`]: { status: 200 } },
      { language: 'ta' },
    );
    expect(await heading(signup.ta.unsubscribeDone)).toBeInTheDocument();
    expect(bodies).toEqual([{ token: TOKEN }]);
  });

  it('says the link is no longer valid when the server does not know it', async () => {
    await openPage('unsubscribe', `${SIGNUP_PAGES.unsubscribe}?token=${TOKEN}`, {
      [`POST ${SIGNUP_API.unsubscribe}`]: { status: 404 },
    });
    expect(await heading(signup.en.unsubscribeGone)).toBeInTheDocument();
  });
});
