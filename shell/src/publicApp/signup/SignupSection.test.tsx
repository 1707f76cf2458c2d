import { webcrypto } from 'node:crypto';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { SIGNUP_API } from '@ummahnotify/core';
import type { ProofChallenge, SignupOptions } from '@ummahnotify/domain';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { InternalAxiosRequestConfig } from 'axios';
import { fakeApi, restoreApi } from '../../../../shared/client/test/fakeApi';
import { renderLandingPart, setLanguage } from '../renderForTest';
import { SignupSection } from './SignupSection';

const OPTIONS: SignupOptions = {
  webpush: { enabled: false, publicKey: null },
  email: { enabled: true },
  telegram: { enabled: true, bot: 'ummah_bot' },
  whatsapp: { enabled: true },
};

// antd forms are slow to render in jsdom on a busy machine (the form answers after validating asynchronously).
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 5000 });

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
const challengeRoute = { [`GET ${SIGNUP_API.challenge}`]: async () => ({ status: 200, data: await newChallenge() }) };

const bodies: Record<string, unknown>[] = [];
function answer(status: number, data?: unknown) {
  return (config: InternalAxiosRequestConfig) => {
    bodies.push(JSON.parse(config.data as string));
    return { status, data };
  };
}

afterEach(async () => {
  restoreApi();
  bodies.length = 0;
  await setLanguage('en');
});

async function renderSection(routes: Parameters<typeof fakeApi>[0], options = OPTIONS) {
  const api = fakeApi({ [`GET ${SIGNUP_API.options}`]: { status: 200, data: options }, ...challengeRoute, ...routes });
  await renderLandingPart(<SignupSection />);
  await screen.findByRole('radio', { name: /Email|மின்னஞ்சல்/ });
  return api;
}

const channel = (name: RegExp) => fireEvent.click(screen.getByRole('radio', { name }));

describe('SignupSection', () => {
  it('offers only the channels the server has on (web push is off here)', async () => {
    await renderSection({});
    expect(screen.getByRole('radio', { name: /This browser/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Email/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /WhatsApp/ })).toBeEnabled();
  });

  it('checks the address with the shared schema, then asks the server to mail a confirmation link', async () => {
    const api = await renderSection({ [`POST ${SIGNUP_API.email}`]: answer(202, { status: 'confirmation-sent' }) });
    const field = screen.getByLabelText('Email address');
    fireEvent.change(field, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe by email' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.calls).not.toContain(`POST ${SIGNUP_API.email}`);

    fireEvent.change(field, { target: { value: ' Siti@Example.SG ' } });
    fireEvent.click(screen.getByRole('radio', { name: 'தமிழ் (Tamil)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe by email' }));
    expect(await screen.findByText(/Check your inbox: click the link we sent to siti@example.sg/)).toBeInTheDocument();
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
    await renderSection({
      // the challenge answers only when released, so the page is seen while it works on the proof
      [`GET ${SIGNUP_API.challenge}`]: async () => {
        await held;
        return { status: 200, data: challenge };
      },
      [`POST ${SIGNUP_API.email}`]: answer(202, { status: 'confirmation-sent' }),
    });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'amir@example.sg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe by email' }));
    expect(await screen.findByRole('button', { name: /Checking you are not a robot\.\.\./ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking you are not a robot...');
    release();
    expect(await screen.findByText(/Check your inbox/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe by email' })).toBeInTheDocument();
    // what the page posted is what altcha-lib verifies on the server: this challenge, solved
    const [{ altcha }] = bodies as { altcha: { challenge: ProofChallenge; solution: { counter: number } } }[];
    expect(altcha.challenge).toEqual(challenge);
    expect(altcha.solution.counter).toBe(120);
    const verdict = await verifySolution({ ...altcha, deriveKey, hmacSignatureSecret: HMAC_KEY } as Parameters<
      typeof verifySolution
    >[0]);
    expect(verdict.verified).toBe(true);
  });

  it('says in Tamil when the proof is refused, and sends nothing more', async () => {
    await setLanguage('ta');
    const api = await renderSection({
      [`POST ${SIGNUP_API.whatsapp}`]: {
        status: 400,
        data: {
          code: 400,
          message: 'The check that you are not a robot has expired. Please try again.',
          key: 'server.proofExpired',
          params: {},
        },
      },
    });
    channel(/WhatsApp/);
    fireEvent.change(screen.getByLabelText('சிங்கப்பூர் கைபேசி எண்'), { target: { value: '8123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'குறியீட்டை அனுப்பு' }));
    expect(await screen.findByText('நீங்கள் ரோபோ அல்ல என்ற சரிபார்ப்பு காலாவதியானது. மீண்டும் முயற்சிக்கவும்.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.startsWith('POST'))).toEqual([`POST ${SIGNUP_API.whatsapp}`]);
  });

  it('says so when the challenge cannot be fetched, and posts nothing', async () => {
    const api = await renderSection({ [`GET ${SIGNUP_API.challenge}`]: { status: 0 } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'a@example.sg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe by email' }));
    expect(
      await screen.findByText('The server could not be reached. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(api.calls).not.toContain(`POST ${SIGNUP_API.email}`);
  });

  it('needs at least one topic before anything is sent', async () => {
    const api = await renderSection({});
    fireEvent.click(screen.getByRole('checkbox', { name: 'Janaza prayers' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Community events' }));
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'a@example.sg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe by email' }));
    expect(await screen.findByText('Choose at least one topic')).toBeInTheDocument();
    expect(api.calls).toEqual([`GET ${SIGNUP_API.options}`]);
  });

  it('shows the server message of a 429', async () => {
    await renderSection({
      [`POST ${SIGNUP_API.email}`]: { status: 429, data: { code: 429, message: 'Too many sign-ups: wait 10 minutes' } },
    });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'a@example.sg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe by email' }));
    expect(await screen.findByText('Too many sign-ups: wait 10 minutes')).toBeInTheDocument();
  });

  it('opts in on WhatsApp with an 8-digit number (+65 assumed) and the code sent there', async () => {
    await renderSection({
      [`POST ${SIGNUP_API.whatsapp}`]: answer(202, { status: 'confirmation-sent' }),
      [`POST ${SIGNUP_API.whatsappConfirm}`]: answer(200, { status: 'subscribed' }),
    });
    channel(/WhatsApp/);
    const phone = screen.getByLabelText('Singapore mobile number');
    fireEvent.change(phone, { target: { value: '1234 5678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me the code' }));
    expect(await screen.findByText('Enter an 8-digit Singapore number')).toBeInTheDocument();

    fireEvent.change(phone, { target: { value: '8123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me the code' }));
    expect(await screen.findByText('We sent a code by WhatsApp to +6581234567.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Done: notices will come to +6581234567 on WhatsApp.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { phone: '+6581234567', topics: ['janaza', 'events'], language: 'en', altcha: expect.any(Object) },
      { phone: '+6581234567', code: '123456' },
    ]);
  });

  it('opens the Telegram deep link and shows it as a link too', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    await renderSection({ [`POST ${SIGNUP_API.telegram}`]: answer(200, { link: 'https://t.me/ummah_bot?start=abc' }) });
    channel(/Telegram/);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Community events' }));
    fireEvent.click(screen.getByRole('button', { name: /Open Telegram/ }));
    expect(await screen.findByRole('link', { name: 'https://t.me/ummah_bot?start=abc' })).toHaveAttribute(
      'href',
      'https://t.me/ummah_bot?start=abc',
    );
    expect(open).toHaveBeenCalledWith('https://t.me/ummah_bot?start=abc', '_blank', 'noopener,noreferrer');
    expect(bodies).toEqual([{ topics: ['janaza'], language: 'en' }]);
  });

  it('speaks Tamil, and defaults the message language to the language on screen', async () => {
    await setLanguage('ta');
    await renderSection({});
    expect(screen.getByRole('heading', { name: 'அறிவிப்புகளைப் பெறுக' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'தமிழ்' })).toBeChecked();
    fireEvent.change(screen.getByLabelText('மின்னஞ்சல் முகவரி'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'மின்னஞ்சல் மூலம் பதிவு செய்' }));
    expect(await screen.findByText('சரியான மின்னஞ்சல் முகவரியை உள்ளிடவும்')).toBeInTheDocument();
  });

  it("shows the server's refusal in Tamil from its catalogue key, not its English message", async () => {
    await setLanguage('ta');
    await renderSection({
      [`POST ${SIGNUP_API.whatsapp}`]: {
        status: 503,
        data: {
          code: 503,
          message: 'WhatsApp sign-up is not available right now. Please choose another way.',
          key: 'server.whatsappOff',
          params: {},
        },
      },
    });
    channel(/WhatsApp/);
    fireEvent.change(screen.getByLabelText('சிங்கப்பூர் கைபேசி எண்'), { target: { value: '8123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'குறியீட்டை அனுப்பு' }));
    expect(
      await screen.findByText('WhatsApp பதிவு தற்போது கிடைக்கவில்லை. வேறு வழியைத் தேர்ந்தெடுக்கவும்.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/not available right now/)).not.toBeInTheDocument();
  });

  it("says the server's refused field in Tamil from the field's key, not the English 'Please check your input'", async () => {
    await setLanguage('ta');
    await renderSection({
      [`POST ${SIGNUP_API.whatsapp}`]: {
        status: 400,
        data: {
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
    });
    channel(/WhatsApp/);
    fireEvent.change(screen.getByLabelText('சிங்கப்பூர் கைபேசி எண்'), { target: { value: '8123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'குறியீட்டை அனுப்பு' }));
    expect(await screen.findByText('8 இலக்க சிங்கப்பூர் எண்ணை உள்ளிடவும்')).toBeInTheDocument();
    expect(screen.queryByText(/Please check your input/)).not.toBeInTheDocument();
  });

  it('a refusal whose key the page does not know is shown as the server said it', async () => {
    await renderSection({
      [`POST ${SIGNUP_API.email}`]: {
        status: 400,
        data: { code: 400, message: 'Something new the server says', key: 'server.somethingNew', params: {} },
      },
    });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'a@example.sg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe by email' }));
    expect(await screen.findByText('Something new the server says')).toBeInTheDocument();
  });

  it('says so when the options cannot be loaded', async () => {
    fakeApi({ [`GET ${SIGNUP_API.options}`]: { status: 0 } });
    await renderLandingPart(<SignupSection />);
    // The query retries once, a second later.
    await waitFor(() =>
      expect(screen.getByText('The sign-up options could not be loaded. Please try again later.')).toBeInTheDocument(),
    );
  });
});
