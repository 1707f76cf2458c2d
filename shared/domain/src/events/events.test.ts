import fc from 'fast-check';
import {
  aiEventToFields,
  buildEventPrompt,
  createEventSchema,
  INVALID_AI_JSON,
  parseAiEventJson,
  updateEventSchema,
} from '.';

const answer = {
  heading: 'Youth Iftar Gathering',
  headingTa: 'இளைஞர் இஃப்தார் ஒன்றுகூடல்',
  subHeading: 'Break fast together.',
  subHeadingTa: 'சேர்ந்து நோன்பு திறப்போம்.',
  content: { details: 'Dinner is provided.', detailsTa: 'இரவு உணவு வழங்கப்படும்.' },
  address: '41 Dunlop Street, Singapore 209369',
  addressTa: '41 டன்லப் ஸ்ட்ரீட், சிங்கப்பூர் 209369',
};

describe('buildEventPrompt', () => {
  const ocr = 'YOUTH IFTAR GATHERING\nSaturday 5 December 2026, 6.45pm\nMasjid Abdul Gafoor\nNearest MRT: Rochor';
  const prompt = buildEventPrompt(ocr);

  it('carries the poster text as read', () => {
    expect(prompt).toContain(ocr);
    expect(buildEventPrompt('YOUTH IFTAR\n\nDunlop Street')).toContain('YOUTH IFTAR\nDunlop Street');
  });

  it('asks for the JSON shape of the AI answer (docs/product/data.md) with English and Tamil fields', () => {
    for (const key of [
      '"heading"',
      '"headingTa"',
      '"subHeading"',
      '"subHeadingTa"',
      '"details"',
      '"detailsTa"',
      '"address"',
      '"addressTa"',
    ]) {
      expect(prompt).toContain(key);
    }
    expect(prompt).toMatch(/Tamil/);
    expect(prompt).toMatch(/```json/);
  });

  it('asks for short sentences ending in full stops', () => {
    expect(prompt).toMatch(/short sentences/i);
    expect(prompt).toMatch(/End every sentence with a full stop/);
  });

  it('excludes transport and navigation information', () => {
    expect(prompt).toMatch(/Exclude transport and navigation information/);
  });

  it('normalises line ends, blank lines and surrounding space of the OCR text', () => {
    expect(buildEventPrompt('  A\r\n\n\nB  \n')).toContain('"""\nA\nB\n"""');
  });

  it('the shape block in the prompt is itself valid AI JSON', () => {
    const block = /```json code block, and nothing else:\n([\s\S]*?)\n\nRules:/.exec(prompt)?.[1] ?? '';
    expect(parseAiEventJson(block).ok).toBe(true);
  });
});

describe('parseAiEventJson', () => {
  it('reads plain JSON', () => {
    const result = parseAiEventJson(JSON.stringify(answer));
    expect(result).toEqual({ ok: true, value: answer });
  });

  it('reads a fenced ```json block with text around it', () => {
    const pasted = `Here is the event:\n\n\`\`\`json\n${JSON.stringify(answer, null, 2)}\n\`\`\`\nLet me know if you need changes.`;
    expect(parseAiEventJson(pasted)).toEqual({ ok: true, value: answer });
  });

  it('reads a fence without a language tag', () => {
    expect(parseAiEventJson(`\`\`\`\n${JSON.stringify(answer)}\n\`\`\``).ok).toBe(true);
  });

  it.each([
    ['broken JSON', '{"heading": "Iftar",'],
    ['an empty paste', ''],
    ['plain text', 'Youth Iftar on Saturday'],
    ['an array', '[1, 2]'],
    ['a number', '42'],
    ['null', 'null'],
    ['a heading that is an object', '{"heading": {"en": "x"}}'],
    ['details that are a list', '{"content": {"details": ["a", "b"]}}'],
    ['a fenced block holding broken JSON', '```json\n{"heading": \n```'],
  ])('refuses %s with the catalogue message', (_what, pasted) => {
    expect(parseAiEventJson(pasted)).toEqual({ ok: false, error: INVALID_AI_JSON });
    expect(INVALID_AI_JSON).toBe('Invalid JSON. Please check the format.');
  });

  it('fills missing fields with empty text and accepts a plain-string content as English', () => {
    const result = parseAiEventJson('{"heading": "Iftar", "content": "Dinner provided."}');
    expect(result.ok && result.value).toEqual({
      heading: 'Iftar',
      headingTa: '',
      subHeading: '',
      subHeadingTa: '',
      content: { details: 'Dinner provided.', detailsTa: '' },
      address: '',
      addressTa: '',
    });
  });

  it('any answer of the shape, plain or fenced, reads back as itself (property)', () => {
    const text = fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('```', 'a ```json b', '"quoted"', 'வணக்கம்.'));
    const shape = fc.record({
      heading: text,
      headingTa: text,
      subHeading: text,
      subHeadingTa: text,
      content: fc.record({ details: text, detailsTa: text }),
      address: text,
      addressTa: text,
    });
    fc.assert(
      fc.property(shape, fc.boolean(), (value, fenced) => {
        const json = JSON.stringify(value, null, 2);
        const hasFence = json.includes('```');
        const result = parseAiEventJson(fenced && !hasFence ? `\`\`\`json\n${json}\n\`\`\`` : json);
        expect(result).toEqual({ ok: true, value });
      }),
    );
  });
});

describe('aiEventToFields', () => {
  it('maps content.details to content and content.detailsTa to contentTa', () => {
    expect(aiEventToFields(answer)).toEqual({
      heading: answer.heading,
      headingTa: answer.headingTa,
      subHeading: answer.subHeading,
      subHeadingTa: answer.subHeadingTa,
      content: 'Dinner is provided.',
      contentTa: 'இரவு உணவு வழங்கப்படும்.',
      address: answer.address,
      addressTa: answer.addressTa,
    });
  });
});

describe('the event schema (form rules and server rules)', () => {
  const valid = { heading: 'Iftar', headingTa: 'இஃப்தார்', dateTime: '2026-12-05T19:30:00+08:00' };
  const messageFor = (input: unknown, path: string) => {
    const result = createEventSchema.safeParse(input);
    return result.success ? undefined : result.error.issues.find((i) => i.path.join('.') === path)?.message;
  };

  it('needs both headings and the date and time; everything else is optional', () => {
    const parsed = createEventSchema.parse(valid);
    expect(parsed).toMatchObject({
      heading: 'Iftar',
      subHeading: '',
      registration: false,
      serviceType: 'general',
      link: '',
    });
    expect(parsed.dateTime).toBe('2026-12-05T11:30:00.000Z');
    expect(messageFor({ ...valid, headingTa: ' ' }, 'headingTa')).toBe('Enter the heading in Tamil.');
    expect(messageFor({ ...valid, heading: undefined }, 'heading')).toBe('Enter the heading in English.');
    expect(messageFor({ ...valid, dateTime: '' }, 'dateTime')).toBe('Choose the date and time of the event.');
    expect(messageFor({ ...valid, dateTime: undefined }, 'dateTime')).toBe('Choose the date and time of the event.');
  });

  it('takes service types from SERVICE_TYPES only', () => {
    expect(createEventSchema.parse({ ...valid, serviceType: 'fundraiser' }).serviceType).toBe('fundraiser');
    expect(createEventSchema.parse({ ...valid, serviceType: '' }).serviceType).toBe('general');
    expect(messageFor({ ...valid, serviceType: 'party' }, 'serviceType')).toBe(
      'Choose one of the listed service types.',
    );
  });

  it('takes a link only when it is an http(s) address', () => {
    expect(createEventSchema.parse({ ...valid, link: 'https://example.sg/x' }).link).toBe('https://example.sg/x');
    for (const bad of ['javascript:alert(1)', 'ftp://example.sg', 'example.sg', 'http://']) {
      expect(messageFor({ ...valid, link: bad }, 'link')).toMatch(/http:\/\/ or https:\/\//);
    }
  });

  it('reads form-data booleans and never publishes on create', () => {
    expect(createEventSchema.parse({ ...valid, registration: 'true' }).registration).toBe(true);
    expect(createEventSchema.parse({ ...valid, registration: 'on' }).registration).toBe(true);
    expect(createEventSchema.parse({ ...valid, registration: 'false' }).registration).toBe(false);
    expect(messageFor({ ...valid, registration: 'maybe' }, 'registration')).toBeDefined();
    expect('published' in createEventSchema.parse({ ...valid, published: true })).toBe(false);
  });

  it('reads a date and time without an offset as Singapore time, and refuses what is not one', () => {
    expect(createEventSchema.parse({ ...valid, dateTime: '2026-12-05T19:30' }).dateTime).toBe(
      '2026-12-05T11:30:00.000Z',
    );
    expect(messageFor({ ...valid, dateTime: 'Saturday evening' }, 'dateTime')).toMatch(/not valid/);
    expect(messageFor({ ...valid, dateTime: '2026-13-45T25:99' }, 'dateTime')).toMatch(/not valid/);
  });

  it('update: only the fields sent, each checked as on create', () => {
    expect(updateEventSchema.parse({ link: 'https://example.sg' })).toEqual({ link: 'https://example.sg' });
    expect(updateEventSchema.parse({ published: 'true' })).toEqual({ published: true });
    expect(updateEventSchema.safeParse({ headingTa: '' }).success).toBe(false);
    expect(updateEventSchema.safeParse({ dateTime: '' }).success).toBe(false);
  });
});
