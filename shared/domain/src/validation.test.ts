import { catalogues } from './i18n';
import { memberCreateSchema } from './members';
import { emailSignupSchema, whatsappConfirmSchema } from './signup';
import { fieldError, isRefusalKey, issuesToErrors, refusalBody, UNLISTED_MESSAGE_KEY } from './validation';

describe('the 400 contract: each refused field with its catalogue key', () => {
  it('names the key of a members schema message, so a client says it with t(key)', () => {
    const result = memberCreateSchema.safeParse({
      fName: 'Nur',
      email: 'nur@example.sg',
      postal: '12345',
      isPartner: true,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    const byPath = Object.fromEntries(issuesToErrors(result.error).map((e) => [e.path, e]));
    expect(byPath.postal).toEqual({
      path: 'postal',
      message: 'Postal code must be exactly 6 digits',
      // Janaza's postal message is the same text (and Tamil): the first section holding a text names it.
      key: 'janaza:error.postalDigits',
      params: {},
    });
    expect(byPath.uen?.key).toBe('members:error.uenRequired');
    expect(byPath.businessName?.message).toBe('Business name is required for a partner');
  });

  it('names the keys of the public sign-up schemas, so the landing page says them in Tamil too', () => {
    const phone = whatsappConfirmSchema.safeParse({ phone: '1234', code: '12' });
    expect(phone.success).toBe(false);
    if (phone.success) return;
    expect(issuesToErrors(phone.error).map(({ path, key }) => [path, key])).toEqual([
      ['phone', 'signup:error.phoneInvalid'],
      ['code', 'signup:error.codeInvalid'],
    ]);
    const email = emailSignupSchema.safeParse({ email: 'not-an-address', topics: ['janaza'], language: 'ta' });
    expect(email.success).toBe(false);
    if (email.success) return;
    const [refused] = issuesToErrors(email.error);
    // Members words the same sentence first; its Tamil is the same (the test below), so its key serves.
    expect([refused?.path, refused?.message, refused?.key]).toEqual([
      'email',
      'Enter a valid email address',
      'members:error.emailInvalid',
    ]);
  });

  it('answers a message with placeholders with their values, and one no catalogue holds as it was sent', () => {
    expect(refusalBody(409, 'A member with the email a@b.sg already exists.')).toEqual({
      code: 409,
      message: 'A member with the email a@b.sg already exists.',
      key: 'members:server.duplicateEmail',
      params: { email: 'a@b.sg' },
    });
    expect(refusalBody(403, 'Your account does not have the rights to do this.')).toEqual({
      code: 403,
      message: 'Your account does not have the rights to do this.',
    });
    expect(fieldError({ path: 'cursor', message: 'is not valid' })).toEqual({
      path: 'cursor',
      message: 'is not valid',
      key: UNLISTED_MESSAGE_KEY,
      params: { message: 'is not valid' },
    });
  });

  it('a text two sections share says the same in Tamil in both, so either key is right', () => {
    const seen = new Map<string, string>();
    for (const ns of ['janaza', 'delivery', 'events', 'members', 'committee', 'signup'] as const) {
      const { en, ta } = catalogues[ns] as { en: Record<string, string>; ta: Record<string, string> };
      for (const [key, english] of Object.entries(en)) {
        if (!isRefusalKey(key)) continue;
        const tamil = seen.get(english);
        if (tamil !== undefined) expect(`${english} -> ${ta[key]}`).toBe(`${english} -> ${tamil}`);
        else seen.set(english, ta[key] as string);
      }
    }
  });
});
