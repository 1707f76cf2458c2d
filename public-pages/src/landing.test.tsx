import { webcrypto } from 'node:crypto';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { SIGNUP_API } from '@ummahnotify/core';
import type { ProofChallenge, SignupOptions } from '@ummahnotify/domain';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import {
  NETWORK_ERROR,
  SIGNUP_OUTCOMES,
  SIGNUP_REFUSALS,
  WEB_PUSH_HERE,
} from '../../shared/domain/test/expected-texts';
import { type Answer, frame, openPage, type Route } from '../test/openPage';
import { FEED_SAMPLE } from './landing/feedSample';
import { fillFeedSlots, renderFeed } from './landing/renderFeed';

// The texts the page shows (docs/product/screens.md#landing, delivery.md#sign-up), written here: never read from the
// catalogues the page is drawn from, nor from its markup.
const shell = {
  en: {
    landingTagline: 'Janaza notices and community events, for our community, in English and Tamil.',
    goToLogin: 'Staff sign in',
  },
  ta: { landingTagline: 'எங்கள் சமூகத்திற்கான ஜனாஸா அறிவிப்புகளும் சமூக நிகழ்வுகளும், ஆங்கிலத்திலும் தமிழிலும்.' },
};
const signup = {
  en: {
    topicJanaza: 'Janaza prayers',
    topicEvents: 'Community events',
    languageTa: 'தமிழ் (Tamil)',
    optionsLoading: 'Loading the ways to receive notices...',
    optionsFailed: 'The sign-up options could not be loaded. Please try again later.',
    emailLabel: 'Email address',
    emailButton: 'Subscribe by email',
    telegramButton: 'Open Telegram',
    whatsappPhoneLabel: 'Singapore mobile number',
    whatsappSendCode: 'Send me the code',
    whatsappCodeLabel: '6-digit code',
    whatsappConfirm: 'Confirm',
    whatsappOtherNumber: 'Use another number',
    proofChecking: 'Checking you are not a robot...',
    webpushButton: 'Turn on notifications',
    webpushSave: 'Save my choices',
    webpushSaved: 'Your choices are saved.',
    webpushSubscribed: 'Done: this browser will show our notices.',
    webpushDenied:
      'Notifications are blocked for this site. Allow them in your browser settings (the lock icon beside the address) and try again.',
    'error.topicsRequired': SIGNUP_REFUSALS.topicsRequired.en,
    'error.emailInvalid': SIGNUP_REFUSALS.emailInvalid.en,
    'error.phoneInvalid': SIGNUP_REFUSALS.phoneInvalid.en,
    'error.codeInvalid': SIGNUP_REFUSALS.codeInvalid.en,
  },
  ta: {
    title: 'அறிவிப்புகளைப் பெறுக',
    topicEvents: 'சமூக நிகழ்வுகள்',
    languageTa: 'தமிழ்',
    emailLabel: 'மின்னஞ்சல் முகவரி',
    emailButton: 'மின்னஞ்சல் மூலம் பதிவு செய்',
    whatsappPhoneLabel: 'சிங்கப்பூர் கைபேசி எண்',
    whatsappSendCode: 'குறியீட்டை அனுப்பு',
    webpushButton: 'அறிவிப்புகளை இயக்கு',
    'error.emailInvalid': SIGNUP_REFUSALS.emailInvalid.ta,
    'error.phoneInvalid': SIGNUP_REFUSALS.phoneInvalid.ta,
  },
};
const OPTIONS: SignupOptions = {
  webpush: { enabled: false, publicKey: null },
  email: { enabled: true },
  telegram: { enabled: true, bot: 'ummah_bot' },
  whatsapp: { enabled: true },
};

// jsdom has no WebCrypto digest functions: the browser's PBKDF2 is Node's here.
Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });

const HMAC_KEY = 'the test server key';
/** A challenge as the server makes it, by altcha-lib: the page must find this counter (low, to be quick). */
const newChallenge = async (counter = 50) =>
  (await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 100,
    counter,
    deriveKey,
    expiresAt: new Date(Date.now() + 600_000),
    hmacSignatureSecret: HMAC_KEY,
  })) as ProofChallenge;

/** The call for a challenge of one sign-up, as the fake server is asked it. */
const CHALLENGE = (channel: 'email' | 'whatsapp' | 'webpush') => `GET ${SIGNUP_API.challenge}?channel=${channel}`;

const shown = () => frame(document.documentElement.lang === 'ta' ? 'ta' : 'en');
const view = () => within(shown());
const section = () => within(shown().querySelector<HTMLElement>('[data-signup]') as HTMLElement);

async function openLanding(
  routes: Record<string, Route>,
  { options = OPTIONS, language = 'en' as 'en' | 'ta', url = '/' } = {},
) {
  const opened = await openPage(
    'landing',
    url,
    {
      [`GET ${SIGNUP_API.options}`]: { status: 200, body: options },
      // each sign-up asks its own challenge (its cost is that sign-up's: docs/product/delivery.md#sign-up)
      ...Object.fromEntries(
        (['email', 'whatsapp', 'webpush'] as const).map((c) => [
          CHALLENGE(c),
          async () => ({ status: 200, body: await newChallenge() }),
        ]),
      ),
      ...routes,
    },
    { language, served: (html) => fillFeedSlots(html, (l) => renderFeed(FEED_SAMPLE, l)) },
  );
  await waitFor(() => expect(shown().querySelector('[data-options="ready"]')).toBeVisible());
  return opened;
}

/** A channel of the switch laid out across (the page's CSS shows it or the stacked one by width; jsdom has no width). */
const channelSwitch = () => within(shown().querySelector<HTMLElement>('[data-channel-switch="row"]') as HTMLElement);
const channel = (name: RegExp) =>
  fireEvent.click(channelSwitch().getByRole('radio', { name }).closest('label') as Element);
const type = (label: string, value: string) => fireEvent.input(view().getByLabelText(label), { target: { value } });
const press = (name: string | RegExp) => fireEvent.click(view().getByRole('button', { name }));
const submit = (name: string) => fireEvent.submit(view().getByRole('button', { name }).closest('form') as Element);
const posts = (calls: string[]) => calls.filter((c) => c.startsWith('POST'));
const accepted = (body: unknown): Answer => ({ status: 202, body });
/**
 * Resolves once every promise step already queued has run (a timer's turn comes after all of them): for what the
 * page does on an answer it has read, which is promise steps only.
 */
const queuedStepsRun = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the landing page (docs/product/screens.md#landing)', () => {
  it('says what the service is in both languages, and staff find the way to sign in without any script', async () => {
    await openLanding({});
    expect(view().getByRole('heading', { level: 1 })).toBeVisible();
    expect(view().getByText(shell.en.landingTagline)).toBeVisible();
    expect(view().getByRole('link', { name: shell.en.goToLogin })).toHaveAttribute('href', '/login');
    expect(within(frame('ta')).getByText(shell.ta.landingTagline)).toBeInTheDocument();
    expect(within(frame('ta')).getByRole('heading', { name: signup.ta.title, hidden: true })).toBeInTheDocument();
  });

  it('holds each id once: the Tamil frame has its own field ids, so its labels name its own fields', async () => {
    await openLanding({});
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.length).toBeGreaterThan(4);
    expect(new Set(ids).size).toBe(ids.length);
    const tamilEmail = within(frame('ta')).getByLabelText(signup.ta.emailLabel);
    expect(frame('ta').contains(tamilEmail)).toBe(true);
  });

  it('offers only the channels the server has on (web push is off here), the first of them chosen', async () => {
    await openLanding({});
    expect(channelSwitch().getByRole('radio', { name: /This browser/ })).toBeDisabled();
    expect(channelSwitch().getByRole('radio', { name: /Email/ })).toBeChecked();
    expect(channelSwitch().getByRole('radio', { name: /WhatsApp/ })).toBeEnabled();
    expect(view().getByLabelText(signup.en.emailLabel)).toBeVisible();
    // the arrow keys move past the channels that are off, as antd's Segmented does
    fireEvent.keyDown(channelSwitch().getByRole('radiogroup'), { key: 'ArrowLeft' });
    expect(channelSwitch().getByRole('radio', { name: /WhatsApp/ })).toBeChecked();
    expect(view().getByLabelText(signup.en.whatsappPhoneLabel)).toBeVisible();
  });

  it('checks the address with the shared schema, then asks the server to mail a confirmation link', async () => {
    const { calls, bodies } = await openLanding({
      [`POST ${SIGNUP_API.email}`]: accepted({ status: 'confirmation-sent' }),
    });
    type(signup.en.emailLabel, 'not an address');
    submit(signup.en.emailButton);
    expect(await view().findByText(signup.en['error.emailInvalid'])).toBeVisible();
    expect(view().getByLabelText(signup.en.emailLabel)).toHaveValue('not an address');
    expect(posts(calls)).toEqual([]);

    type(signup.en.emailLabel, ' Siti@Example.SG ');
    fireEvent.click(section().getByRole('radio', { name: signup.en.languageTa }));
    submit(signup.en.emailButton);
    expect(await view().findByText(SIGNUP_OUTCOMES.emailSent.en('siti@example.sg'))).toBeVisible();
    expect(view().queryByText(signup.en['error.emailInvalid'])).not.toBeInTheDocument();
    expect(bodies).toEqual([
      { email: 'siti@example.sg', topics: ['janaza', 'events'], language: 'ta', altcha: expect.any(Object) },
    ]);
  });

  it('solves the challenge before posting, saying so on the button and to screen readers', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const challenge = await newChallenge(120);
    const { bodies } = await openLanding({
      // the challenge answers only when released, so the page is seen while it works on the proof
      [CHALLENGE('email')]: async () => {
        await held;
        return { status: 200, body: challenge };
      },
      [`POST ${SIGNUP_API.email}`]: accepted({ status: 'confirmation-sent' }),
    });
    type(signup.en.emailLabel, 'amir@example.sg');
    submit(signup.en.emailButton);
    expect(await view().findByRole('button', { name: new RegExp(signup.en.proofChecking) })).toBeVisible();
    expect(shown().querySelector('[data-panel="email"] [role="status"]')).toHaveTextContent(signup.en.proofChecking);
    release();
    expect(await view().findByText(/Check your inbox/)).toBeVisible();
    expect(view().getByRole('button', { name: signup.en.emailButton })).toBeVisible();
    // what the page posted is what altcha-lib verifies on the server: this challenge, solved
    const [{ altcha }] = bodies as { altcha: { challenge: ProofChallenge; solution: { counter: number } } }[];
    expect(altcha.challenge).toEqual(challenge);
    expect(altcha.solution.counter).toBe(120);
    const verdict = await verifySolution({ ...altcha, deriveKey, hmacSignatureSecret: HMAC_KEY } as Parameters<
      typeof verifySolution
    >[0]);
    expect(verdict.verified).toBe(true);
  });

  it('says so when the challenge cannot be fetched, and posts nothing', async () => {
    const { calls } = await openLanding({ [CHALLENGE('email')]: { status: 0 } });
    type(signup.en.emailLabel, 'a@example.sg');
    submit(signup.en.emailButton);
    expect(await view().findByText(NETWORK_ERROR.en)).toBeVisible();
    expect(posts(calls)).toEqual([]);
  });

  it('needs at least one topic before anything is sent', async () => {
    const { bodies } = await openLanding({
      // the proof at the first counter: the sign-up below is quick to solve
      [CHALLENGE('email')]: async () => ({ status: 200, body: await newChallenge(0) }),
      [`POST ${SIGNUP_API.email}`]: accepted({ status: 'confirmation-sent' }),
    });
    fireEvent.click(view().getByRole('checkbox', { name: signup.en.topicJanaza }));
    fireEvent.click(view().getByRole('checkbox', { name: signup.en.topicEvents }));
    expect(view().getByRole('checkbox', { name: signup.en.topicEvents })).not.toBeChecked();
    expect(await view().findByText(signup.en['error.topicsRequired'])).toBeVisible();
    type(signup.en.emailLabel, 'a@example.sg');
    submit(signup.en.emailButton);
    fireEvent.click(view().getByRole('checkbox', { name: signup.en.topicEvents }));
    expect(view().queryByText(signup.en['error.topicsRequired'])).not.toBeInTheDocument();
    // The same button again, now with a topic: its sign-up is sent and answered, so the first press, which went the
    // same way before it, has had its turn. Only the second one posted.
    submit(signup.en.emailButton);
    expect(await view().findByText(SIGNUP_OUTCOMES.emailSent.en('a@example.sg'))).toBeVisible();
    expect(bodies).toEqual([{ email: 'a@example.sg', topics: ['events'], language: 'en', altcha: expect.any(Object) }]);
  });

  it('shows the server message of a 429', async () => {
    await openLanding({
      [`POST ${SIGNUP_API.email}`]: { status: 429, body: { code: 429, message: 'Too many sign-ups: wait 10 minutes' } },
    });
    type(signup.en.emailLabel, 'a@example.sg');
    submit(signup.en.emailButton);
    expect(await view().findByText('Too many sign-ups: wait 10 minutes')).toBeVisible();
  });

  it('opts in on WhatsApp with an 8-digit number (+65 assumed) and the code sent there', async () => {
    const { bodies } = await openLanding({
      [`POST ${SIGNUP_API.whatsapp}`]: accepted({ status: 'confirmation-sent' }),
      [`POST ${SIGNUP_API.whatsappConfirm}`]: { status: 200, body: { status: 'subscribed' } },
    });
    channel(/WhatsApp/);
    type(signup.en.whatsappPhoneLabel, '1234 5678');
    submit(signup.en.whatsappSendCode);
    expect(await view().findByText(signup.en['error.phoneInvalid'])).toBeVisible();

    type(signup.en.whatsappPhoneLabel, '8123 4567');
    submit(signup.en.whatsappSendCode);
    expect(await view().findByText(SIGNUP_OUTCOMES.codeSent.en('+6581234567'))).toBeVisible();
    type(signup.en.whatsappCodeLabel, '12345');
    submit(signup.en.whatsappConfirm);
    expect(await view().findByText(signup.en['error.codeInvalid'])).toBeVisible();
    type(signup.en.whatsappCodeLabel, '123456');
    submit(signup.en.whatsappConfirm);
    expect(await view().findByText(SIGNUP_OUTCOMES.whatsappDone.en('+6581234567'))).toBeVisible();
    expect(view().queryByRole('button', { name: signup.en.whatsappConfirm })).not.toBeInTheDocument();
    expect(bodies).toEqual([
      { phone: '+6581234567', topics: ['janaza', 'events'], language: 'en', altcha: expect.any(Object) },
      { phone: '+6581234567', code: '123456' },
    ]);
    // another number starts again from the number
    press(signup.en.whatsappOtherNumber);
    expect(view().getByLabelText(signup.en.whatsappPhoneLabel)).toBeVisible();
  });

  it('a panel left while its call is under way is not told how it ended', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { answered } = await openLanding({
      [`POST ${SIGNUP_API.telegram}`]: async () => {
        await held;
        return { status: 503, body: { code: 503, message: 'Telegram sign-up is off' } };
      },
    });
    channel(/Telegram/);
    press(new RegExp(signup.en.telegramButton));
    await waitFor(() => expect(view().getByRole('button', { name: /loading/ })).toBeVisible());
    channel(/Email/);
    release();
    // The page has read the refusal, and every step it takes on it after that has run.
    await waitFor(() => expect(answered).toContain(`POST ${SIGNUP_API.telegram}`));
    await queuedStepsRun();
    expect(view().queryByText('Telegram sign-up is off')).not.toBeInTheDocument();
    expect(view().getByRole('button', { name: signup.en.emailButton })).toBeEnabled();
  });

  it('opens the Telegram deep link and shows it as a link too', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const { bodies } = await openLanding({
      [`POST ${SIGNUP_API.telegram}`]: { status: 200, body: { link: 'https://t.me/ummah_bot?start=abc' } },
    });
    channel(/Telegram/);
    fireEvent.click(view().getByRole('checkbox', { name: signup.en.topicEvents }));
    press(new RegExp(signup.en.telegramButton));
    expect(await view().findByRole('link', { name: 'https://t.me/ummah_bot?start=abc' })).toHaveAttribute(
      'href',
      'https://t.me/ummah_bot?start=abc',
    );
    expect(open).toHaveBeenCalledWith('https://t.me/ummah_bot?start=abc', '_blank', 'noopener,noreferrer');
    expect(bodies).toEqual([{ topics: ['janaza'], language: 'en' }]);
  });

  it('speaks Tamil, and defaults the message language to the language on screen', async () => {
    await openLanding({}, { language: 'ta' });
    expect(view().getByRole('heading', { name: signup.ta.title })).toBeVisible();
    expect(section().getByRole('radio', { name: signup.ta.languageTa })).toBeChecked();
    type(signup.ta.emailLabel, 'x');
    submit(signup.ta.emailButton);
    expect(await view().findByText(signup.ta['error.emailInvalid'])).toBeVisible();
  });

  it('keeps the choices and what was typed when the visitor switches language, and answers in the new one', async () => {
    await openLanding({});
    channel(/WhatsApp/);
    fireEvent.click(view().getByRole('checkbox', { name: signup.en.topicEvents }));
    type(signup.en.whatsappPhoneLabel, '1234 5678');
    fireEvent.click(within(frame('en')).getByTitle('தமிழ்'));
    expect(document.documentElement.lang).toBe('ta');
    expect(view().getByLabelText(signup.ta.whatsappPhoneLabel)).toHaveValue('1234 5678');
    expect(view().getByRole('checkbox', { name: signup.ta.topicEvents })).not.toBeChecked();
    submit(signup.ta.whatsappSendCode);
    expect(await view().findByText(signup.ta['error.phoneInvalid'])).toBeVisible();
  });

  it("shows the server's refusal in Tamil from its catalogue key, not its English message", async () => {
    await openLanding(
      {
        [`POST ${SIGNUP_API.whatsapp}`]: {
          status: 503,
          body: {
            code: 503,
            message: SIGNUP_REFUSALS.whatsappOff.en,
            key: 'server.whatsappOff',
            params: {},
          },
        },
      },
      { language: 'ta' },
    );
    channel(/WhatsApp/);
    type(signup.ta.whatsappPhoneLabel, '8123 4567');
    submit(signup.ta.whatsappSendCode);
    expect(await view().findByText(SIGNUP_REFUSALS.whatsappOff.ta)).toBeVisible();
    expect(view().queryByText(/not available right now/)).not.toBeInTheDocument();
  });

  it("says the server's refused field in Tamil from the field's key, not the English 'Please check your input'", async () => {
    await openLanding(
      {
        [`POST ${SIGNUP_API.whatsapp}`]: {
          status: 400,
          body: {
            code: 400,
            message: 'Please check your input: phone Enter an 8-digit Singapore number',
            errors: [
              {
                path: 'phone',
                message: 'Enter an 8-digit Singapore number',
                key: 'signup:error.phoneInvalid',
                params: {},
              },
            ],
          },
        },
      },
      { language: 'ta' },
    );
    channel(/WhatsApp/);
    type(signup.ta.whatsappPhoneLabel, '8123 4567');
    submit(signup.ta.whatsappSendCode);
    expect(await view().findByText(signup.ta['error.phoneInvalid'])).toBeVisible();
    expect(view().queryByText(/Please check your input/)).not.toBeInTheDocument();
  });

  it('a refusal whose key the page does not know is shown as the server said it', async () => {
    await openLanding({
      [`POST ${SIGNUP_API.email}`]: {
        status: 400,
        body: { code: 400, message: 'Something new the server says', key: 'server.somethingNew', params: {} },
      },
    });
    type(signup.en.emailLabel, 'a@example.sg');
    submit(signup.en.emailButton);
    expect(await view().findByText('Something new the server says')).toBeVisible();
  });

  it('says so when the options cannot be loaded, after asking once more', async () => {
    const { calls } = await openPage('landing', '/', { [`GET ${SIGNUP_API.options}`]: { status: 0 } });
    expect(view().getByText(signup.en.optionsLoading)).toBeVisible();
    await waitFor(() => expect(view().getByText(signup.en.optionsFailed)).toBeVisible());
    expect(calls.filter((c) => c.endsWith(SIGNUP_API.options))).toHaveLength(2);
  });

  describe("a message's link to a notice", () => {
    const [notice] = FEED_SAMPLE.janaza;
    const scrolled: Element[] = [];
    beforeEach(() => {
      scrolled.length = 0;
      // jsdom lays nothing out: the test sees which card was asked to come into view.
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this);
      };
    });

    it.each([
      ['en', `/?notice=${notice._id}&lang=en`],
      ['ta', `/?notice=${notice._id}&lang=ta`],
      ['en', `/#janaza-${notice._id}`],
      ['ta', `/#janaza-${notice._id}`],
    ] as const)('(%s, %s) brings the notice into view in the frame on screen', async (language, url) => {
      await openLanding({}, { language, url });
      expect(scrolled).toHaveLength(1);
      expect(within(scrolled[0] as HTMLElement).getByRole('heading', { name: notice.name })).toBeVisible();
      expect(shown().contains(scrolled[0])).toBe(true);
    });

    it('scrolls nowhere for a notice the feed does not show, or a malformed link', async () => {
      await openLanding({}, { url: '/?notice=00000000-0000-4000-8000-000000000000' });
      await openLanding({}, { url: '/#%E0%A4%A' });
      expect(scrolled).toEqual([]);
    });
  });

  describe('web push sign-up proves work too (docs/product/delivery.md#sign-up)', () => {
    const PUSH_ON: SignupOptions = { ...OPTIONS, webpush: { enabled: true, publicKey: 'BA'.padEnd(87, 'A') } };
    const KEYS = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    };
    let current: { endpoint: string; toJSON: () => unknown; unsubscribe: jest.Mock } | null;
    let made: number;
    /** What the page asked of the browser, in order: the permission, the service worker's registration. */
    let steps: string[];
    const browser = globalThis as unknown as Record<string, unknown>;
    const granted = async () => {
      steps.push('permission');
      return 'granted';
    };

    beforeEach(() => {
      current = null;
      made = 0;
      steps = [];
      // The browser's side of web push, as the page meets it: a service worker registration whose PushManager
      // hands out a new subscription when asked, and forgets it when it is unsubscribed.
      const pushManager = {
        getSubscription: async () => current,
        subscribe: async () => {
          made += 1;
          const endpoint = `https://fcm.googleapis.com/fcm/send/sub-${made}`;
          const subscription = {
            endpoint,
            toJSON: () => ({ endpoint, expirationTime: null, keys: KEYS }),
            unsubscribe: jest.fn(async () => {
              current = null;
              return true;
            }),
          };
          current = subscription;
          return subscription;
        },
      };
      const registration = { pushManager };
      Object.defineProperty(navigator, 'serviceWorker', {
        configurable: true,
        value: {
          register: async () => {
            steps.push('register');
            return registration;
          },
          getRegistration: async () => registration,
          ready: Promise.resolve(registration),
        },
      });
      browser.PushManager = function PushManager() {};
      browser.Notification = { requestPermission: granted };
    });
    afterEach(() => {
      delete (navigator as unknown as Record<string, unknown>).serviceWorker;
      delete browser.PushManager;
      delete browser.Notification;
    });

    it('asks a challenge for web push, solves it, and posts the subscription with the proof', async () => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const challenge = await newChallenge(90);
      const { calls, bodies } = await openLanding(
        {
          [CHALLENGE('webpush')]: async () => {
            await held;
            return { status: 200, body: challenge };
          },
          [`POST ${SIGNUP_API.webpush}`]: { status: 201, body: { status: 'subscribed' } },
        },
        { options: PUSH_ON },
      );
      press(new RegExp(signup.en.webpushButton));
      expect(await view().findByRole('button', { name: new RegExp(signup.en.proofChecking) })).toBeVisible();
      expect(shown().querySelector('[data-panel="webpush"] [role="status"]')).toHaveTextContent(
        signup.en.proofChecking,
      );
      expect(posts(calls)).toEqual([]);
      release();
      expect(await view().findByText(signup.en.webpushSubscribed)).toBeVisible();
      expect(calls).toContain(CHALLENGE('webpush'));
      const [body] = bodies as {
        subscription: unknown;
        altcha: { challenge: ProofChallenge; solution: { counter: number } };
      }[];
      expect(body).toEqual({
        subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/sub-1', expirationTime: null, keys: KEYS },
        topics: ['janaza', 'events'],
        language: 'en',
        altcha: expect.any(Object),
      });
      expect(body.altcha.challenge).toEqual(challenge);
      const verdict = await verifySolution({ ...body.altcha, deriveKey, hmacSignatureSecret: HMAC_KEY } as Parameters<
        typeof verifySolution
      >[0]);
      expect(verdict.verified).toBe(true);
    });

    it('a subscription its push service refused is dropped, so the next press makes a new one; said in Tamil', async () => {
      let answers = 0;
      const { bodies } = await openLanding(
        {
          [`POST ${SIGNUP_API.webpush}`]: () =>
            ++answers === 1
              ? {
                  status: 400,
                  body: {
                    code: 400,
                    message: SIGNUP_REFUSALS.pushSubscriptionRefused.en,
                    key: 'server.pushSubscriptionRefused',
                    params: {},
                  },
                }
              : { status: 201, body: { status: 'subscribed' } },
        },
        { options: PUSH_ON, language: 'ta' },
      );
      press(new RegExp(signup.ta.webpushButton));
      expect(await view().findByText(SIGNUP_REFUSALS.pushSubscriptionRefused.ta)).toBeVisible();
      expect(current).toBeNull();
      press(new RegExp(signup.ta.webpushButton));
      await waitFor(() => expect(bodies).toHaveLength(2));
      const endpoints = (bodies as { subscription: { endpoint: string } }[]).map((b) => b.subscription.endpoint);
      expect(endpoints).toEqual([
        'https://fcm.googleapis.com/fcm/send/sub-1',
        'https://fcm.googleapis.com/fcm/send/sub-2',
      ]);
    });

    it('asks for permission first, in the tap itself: before any await, the service worker or any call', async () => {
      const { calls } = await openLanding(
        { [`POST ${SIGNUP_API.webpush}`]: { status: 201, body: { status: 'subscribed' } } },
        { options: PUSH_ON },
      );
      const before = calls.length;
      press(new RegExp(signup.en.webpushButton));
      // the click's handler has returned and nothing it awaited has run yet (Safari asks only then)
      expect(steps).toEqual(['permission']);
      expect(calls.slice(before)).toEqual([]);
      expect(await view().findByText(signup.en.webpushSubscribed)).toBeVisible();
      expect(steps).toEqual(['permission', 'register']);
      expect(calls.slice(before)).toEqual([CHALLENGE('webpush'), `POST ${SIGNUP_API.webpush}`]);
    });

    it("hears an older Safari's answer, given to a callback (its requestPermission returns nothing)", async () => {
      browser.Notification = {
        requestPermission: (answer: (permission: string) => void) => {
          steps.push('permission');
          answer('granted');
        },
      };
      await openLanding({ [`POST ${SIGNUP_API.webpush}`]: { status: 201, body: {} } }, { options: PUSH_ON });
      press(new RegExp(signup.en.webpushButton));
      expect(await view().findByText(signup.en.webpushSubscribed)).toBeVisible();
      expect(steps).toEqual(['permission', 'register']);
    });

    it('says notifications are blocked when they are not allowed, and subscribes nothing', async () => {
      browser.Notification = { requestPermission: async () => 'denied' };
      const { calls } = await openLanding({}, { options: PUSH_ON });
      press(new RegExp(signup.en.webpushButton));
      expect(await view().findByText(signup.en.webpushDenied)).toBeVisible();
      expect(made).toBe(0);
      expect(posts(calls)).toEqual([]);
    });

    it('asks nothing of the browser when nothing will be sent (no topic), nor to save the choices of a subscription', async () => {
      await openLanding({ [`POST ${SIGNUP_API.webpush}`]: { status: 201, body: {} } }, { options: PUSH_ON });
      for (const topic of [signup.en.topicJanaza, signup.en.topicEvents])
        fireEvent.click(section().getByRole('checkbox', { name: topic }));
      press(new RegExp(signup.en.webpushButton));
      expect(await view().findByText(SIGNUP_REFUSALS.topicsRequired.en)).toBeVisible();
      expect(steps).toEqual([]);

      // a browser subscribed already: "Save my choices" sends them, with no question
      const { endpoint } = await (
        (await navigator.serviceWorker.getRegistration('/')) as ServiceWorkerRegistration
      ).pushManager.subscribe();
      const { bodies } = await openLanding(
        { [`POST ${SIGNUP_API.webpush}`]: { status: 201, body: {} } },
        { options: PUSH_ON },
      );
      await view().findByRole('button', { name: new RegExp(signup.en.webpushSave) });
      press(new RegExp(signup.en.webpushSave));
      expect(await view().findByText(signup.en.webpushSaved)).toBeVisible();
      expect(steps).toEqual([]);
      expect((bodies[0] as { subscription: { endpoint: string } }).subscription.endpoint).toBe(endpoint);
    });
  });

  describe('web push in iOS Safari: the way to the Home Screen (docs/product/screens.md#landing)', () => {
    const PUSH_ON: SignupOptions = { ...OPTIONS, webpush: { enabled: true, publicKey: 'BA'.padEnd(87, 'A') } };
    const IPHONE_SAFARI =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
    const IPAD_AS_A_MAC =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15';
    const own = navigator as unknown as Record<string, unknown>;
    /** The browser the page meets: its user agent, touch points and Safari's `standalone`; no Push API. */
    const pretend = (userAgent: string, maxTouchPoints = 5) => {
      for (const [name, value] of Object.entries({ userAgent, maxTouchPoints, standalone: false }))
        Object.defineProperty(navigator, name, { configurable: true, value });
    };
    afterEach(() => {
      for (const name of ['userAgent', 'maxTouchPoints', 'standalone']) delete own[name];
    });

    const hint = () => within(shown().querySelector<HTMLElement>('[data-panel="home-screen"]') as HTMLElement);
    const picture = () => shown().querySelector<HTMLElement>('[data-panel="home-screen"] figure') as HTMLElement;

    it('iPhone Safari: "This browser" is offered and chosen, and shows the steps to the Home Screen with a picture', async () => {
      pretend(IPHONE_SAFARI);
      await openLanding({}, { options: PUSH_ON });
      expect(channelSwitch().getByRole('radio', { name: /This browser/ })).toBeChecked();
      expect(hint().getByText(WEB_PUSH_HERE.homeScreenIntro.en)).toBeVisible();
      expect(
        hint()
          .getAllByRole('listitem')
          .map((step) => step.textContent),
      ).toEqual(WEB_PUSH_HERE.homeScreenSteps.en);
      // the picture: drawn in the page (inline SVG, nothing to fetch), its words Safari's, hidden from screen readers
      expect(picture()).toBeVisible();
      expect(picture()).toHaveAttribute('aria-hidden', 'true');
      expect(picture().querySelectorAll('svg').length).toBeGreaterThan(0);
      expect(picture().querySelector('img, image, use, [src], [href]')).toBeNull();
      // the steps' numbers, Safari's words
      expect(picture()).toHaveTextContent(`1${WEB_PUSH_HERE.share.en}2${WEB_PUSH_HERE.addToHomeScreen.en}`);
      expect(view().getByText(WEB_PUSH_HERE.unsupported.en)).not.toBeVisible();
      expect(view().queryByRole('button', { name: new RegExp(signup.en.webpushButton) })).toBeNull();
      // the other channels are still there
      channel(/Email/);
      expect(view().getByLabelText(signup.en.emailLabel)).toBeVisible();
      expect(picture()).not.toBeVisible();
    });

    it("says it in Tamil, the picture with Safari's Tamil words and its English ones under them", async () => {
      pretend(IPHONE_SAFARI);
      await openLanding({}, { options: PUSH_ON, language: 'ta' });
      expect(hint().getByText(WEB_PUSH_HERE.homeScreenIntro.ta)).toBeVisible();
      expect(
        hint()
          .getAllByRole('listitem')
          .map((step) => step.textContent),
      ).toEqual(WEB_PUSH_HERE.homeScreenSteps.ta);
      const { share, addToHomeScreen: add } = WEB_PUSH_HERE;
      expect(picture()).toHaveTextContent(`1${share.ta}${share.en}2${add.ta}${add.en}`);
    });

    it("iPadOS's Safari, which says it is a Mac, is shown the way too; a Mac's Safari (no touch) is not", async () => {
      pretend(IPAD_AS_A_MAC);
      await openLanding({}, { options: PUSH_ON });
      expect(hint().getByText(WEB_PUSH_HERE.homeScreenIntro.en)).toBeVisible();

      pretend(IPAD_AS_A_MAC, 0);
      await openLanding({}, { options: PUSH_ON });
      expect(channelSwitch().getByRole('radio', { name: /This browser/ })).toBeDisabled();
      expect(picture()).not.toBeVisible();
    });

    it('a browser without web push is told plainly that it cannot, when web push is the only channel on', async () => {
      const onlyPush: SignupOptions = {
        ...PUSH_ON,
        email: { enabled: false },
        telegram: { enabled: false, bot: null },
        whatsapp: { enabled: false },
      };
      await openLanding({}, { options: onlyPush });
      expect(view().getByText(WEB_PUSH_HERE.unsupported.en)).toBeVisible();
      expect(picture()).not.toBeVisible();
    });
  });
});
