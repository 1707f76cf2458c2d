import { renderHook } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { setLanguage } from '../i18n';
import { readApiProblem } from './apiProblem';
import { useSectionText } from './useSectionText';

/** A refused call as axios rejects it, with the body the server answered. */
function refused(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = { status, data, statusText: '', headers: {}, config } as AxiosResponse;
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, undefined, response);
}

const BAD_MEMBER = refused(400, {
  code: 400,
  message: 'Please check your input: uen UEN is required for a partner',
  errors: [
    { path: 'uen', message: 'UEN is required for a partner', key: 'members:error.uenRequired', params: {} },
    { path: 'postal', message: 'Postal code must be exactly 6 digits', key: 'members:error.postalDigits', params: {} },
  ],
});
const DUPLICATE = refused(409, {
  code: 409,
  message: 'A member with the email rahim@example.sg already exists.',
  key: 'members:server.duplicateEmail',
  params: { email: 'rahim@example.sg' },
});

afterEach(async () => setLanguage('en'));

describe('the API error reader', () => {
  it('reads a 400: every field with its key and values, and the message as sent', () => {
    const problem = readApiProblem(BAD_MEMBER);
    expect(problem).toMatchObject({ kind: 'refused', status: 400, said: undefined });
    expect(problem.errors.map((e) => [e.path, e.key])).toEqual([
      ['uen', 'members:error.uenRequired'],
      ['postal', 'members:error.postalDigits'],
    ]);
  });

  it('tells a refusal from a failure with no answer or a server fault', () => {
    expect(readApiProblem(refused(500, { code: 500, message: 'Something went wrong' })).kind).toBe('failed');
    expect(readApiProblem(new Error('offline'))).toEqual({
      kind: 'failed',
      status: undefined,
      unreachable: false,
      message: undefined,
      said: undefined,
      errors: [],
      body: undefined,
    });
  });

  it('tells a call that got no answer from an error of the page itself', () => {
    const config = { headers: new AxiosHeaders() };
    expect(readApiProblem(new AxiosError('Network Error', 'ERR_NETWORK', config)).unreachable).toBe(true);
    expect(readApiProblem(new TypeError('x is undefined')).unreachable).toBe(false);
    expect(readApiProblem(DUPLICATE).unreachable).toBe(false);
  });

  it("keeps the answer's whole body for a refusal that carries more than the error", () => {
    const matches = { code: 409, message: 'Possible duplicate', duplicates: [{ id: 'n1' }] };
    expect(readApiProblem(refused(409, matches)).body).toEqual(matches);
  });

  it('shows a field an older server answered without a key as it was sent', () => {
    const { result } = renderHook(() => useSectionText('members'));
    const [field] = readApiProblem(
      refused(400, { code: 400, message: 'x', errors: [{ path: 'a', message: 'odd' }] }),
    ).errors;
    expect(result.current.say(field as never)).toBe('odd');
  });
});

describe('the section text says what the server refused in the language on screen', () => {
  it('in English', () => {
    const { result } = renderHook(() => useSectionText('members'));
    const problem = readApiProblem(BAD_MEMBER);
    expect(problem.errors.map(result.current.say)).toEqual([
      'UEN is required for a partner',
      'Postal code must be exactly 6 digits',
    ]);
    expect(result.current.problemText(problem)).toBe('UEN is required for a partner');
    expect(result.current.problemText(readApiProblem(DUPLICATE))).toBe(
      'A member with the email rahim@example.sg already exists.',
    );
  });

  it('in Tamil', async () => {
    await setLanguage('ta');
    const { result } = renderHook(() => useSectionText('committee'));
    const problem = readApiProblem(BAD_MEMBER);
    expect(problem.errors.map(result.current.say)).toEqual([
      'கூட்டாளருக்கு UEN தேவை',
      'அஞ்சல் குறியீடு சரியாக 6 இலக்கங்களாக இருக்க வேண்டும்',
    ]);
    expect(result.current.problemText(problem)).toBe('கூட்டாளருக்கு UEN தேவை');
    expect(result.current.problemText(readApiProblem(DUPLICATE))).toBe(
      'rahim@example.sg என்ற மின்னஞ்சலுடன் ஓர் உறுப்பினர் ஏற்கனவே உள்ளார்.',
    );
    expect(result.current.schemaText('Enter the heading in Tamil.')).toBe('தமிழ்த் தலைப்பை உள்ளிடவும்.');
  });

  it('shows a message no catalogue holds as it was sent, in either language', async () => {
    await setLanguage('ta');
    const { result } = renderHook(() => useSectionText('events'));
    const problem = readApiProblem(
      refused(403, { code: 403, message: 'Your account does not have the rights to do this.' }),
    );
    expect(result.current.problemText(problem)).toBe('Your account does not have the rights to do this.');
    expect(result.current.schemaText('is not a valid id')).toBe('is not a valid id');
  });
});
