import { z } from 'zod';
import { fieldRule, formRule, schemaProblems } from './zodRule';

const partner = z
  .object({ name: z.string().min(1, 'Name is required'), isPartner: z.boolean(), uen: z.string() })
  .superRefine((v, ctx) => {
    if (v.isPartner && !v.uen) ctx.addIssue({ code: 'custom', path: ['uen'], message: 'UEN is required' });
  });
const shout = (message: string) => message.toUpperCase();

/** Runs an antd rule's validator the way antd does: it resolves for a good value and rejects with the message. */
async function verdict(rule: unknown, value?: unknown, values: Record<string, unknown> = {}): Promise<string> {
  const resolved = typeof rule === 'function' ? rule({ getFieldsValue: () => values }) : rule;
  try {
    await resolved.validator({}, value);
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zod-to-antd rules', () => {
  it('a field rule refuses what the field schema refuses, with the message said by the caller', async () => {
    const rule = fieldRule(z.string().min(1, 'Name is required'), shout);
    expect(await verdict(rule, '')).toBe('NAME IS REQUIRED');
    expect(await verdict(rule, 'Aisha')).toBe('ok');
  });

  it('a field rule checks what is sent, not what the control holds', async () => {
    const rule = fieldRule(z.string().regex(/^\d{6}$/, 'Six digits'), shout, (v) => String(v ?? '').trim());
    expect(await verdict(rule, ' 123456 ')).toBe('ok');
    expect(await verdict(rule, undefined)).toBe('SIX DIGITS');
  });

  it('a form rule checks one field against the whole form (cross-field rules)', async () => {
    const uen = formRule(partner, (v) => v, 'uen', shout);
    expect(await verdict(uen, undefined, { name: 'A', isPartner: true, uen: '' })).toBe('UEN IS REQUIRED');
    expect(await verdict(uen, undefined, { name: 'A', isPartner: false, uen: '' })).toBe('ok');
    // Another field's problem is not this field's.
    expect(await verdict(uen, undefined, { name: '', isPartner: false, uen: '' })).toBe('ok');
  });

  it('lists the first problem of each refused field', () => {
    expect(schemaProblems(partner, { name: '', isPartner: false, uen: '' })).toEqual({ name: 'Name is required' });
    expect(schemaProblems(partner, { name: 'A', isPartner: true, uen: '' })).toEqual({ uen: 'UEN is required' });
    expect(schemaProblems(partner, { name: 'A', isPartner: false, uen: '' })).toEqual({});
  });
});
