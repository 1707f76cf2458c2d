import { z } from 'zod';
import { blankToUndefined, formBoolean } from './form-fields';

describe('form fields, as multipart forms and query strings send them', () => {
  it('reads the yes/no spellings HTML forms and people use, in any case', () => {
    for (const yes of ['true', 'on', '1', 'yes', ' YES ', 'True', 1]) expect(formBoolean(yes)).toBe(true);
    for (const no of ['false', 'off', '0', 'no', 'No', 0]) expect(formBoolean(no)).toBe(false);
    expect(formBoolean(true)).toBe(true);
  });
  it('a blank yes/no field is not given, so the schema default applies', () => {
    const schema = z.preprocess(formBoolean, z.boolean().default(false));
    expect(schema.parse('')).toBe(false);
    expect(schema.parse(undefined)).toBe(false);
    expect(schema.safeParse('maybe').success).toBe(false);
  });
  it('a blank text is not given; text comes trimmed', () => {
    expect(blankToUndefined('  ')).toBeUndefined();
    expect(blankToUndefined(null)).toBeUndefined();
    expect(blankToUndefined(' Masjid ')).toBe('Masjid');
  });
});
