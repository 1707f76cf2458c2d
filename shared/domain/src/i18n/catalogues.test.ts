import { catalogues } from './index';
import { messages } from './messages';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).sort();
}

/**
 * Entries whose Tamil is the English by nature, each with why. Every other entry must differ from its English
 * and be written in Tamil script.
 */
const SAME_IN_BOTH: Record<string, string> = {
  'common.appName': 'the brand',
  'common.languageEnglish': 'a language is named in itself in the switch',
  'common.languageTamil': 'a language is named in itself in the switch',
  'common.error.unlisted': 'a placeholder alone: the server’s own words',
  'shell.loginFailedLog': 'written to the console for developers, never shown',
  'events.field.linkPlaceholder': 'the start of a web address',
  'signup.channelTelegram': 'the brand, as the app shows it on a phone',
  'signup.channelWhatsapp': 'the brand, as the app shows it on a phone',
  'signup.emailPlaceholder': 'an example address',
};

/**
 * The Latin-script words a Tamil entry may hold: names that stay as they are (brands, formats, units, what is
 * typed or pressed in another app) and API values a refusal quotes. Any other English word in a Tamil entry is
 * a sentence left untranslated.
 */
const KEPT_IN_LATIN = new Set([
  ...['UmmahNotify', 'Google', 'WhatsApp', 'Telegram', 'Meta', 'iPhone', 'JavaScript', 'English', 'AI'],
  // the devices and the browser the Home Screen hint is for
  ...['iPad', 'Safari'],
  ...['JPEG', 'PNG', 'WebP', 'SVG', 'JSON', 'MB', 'UEN', 'VAPID', 'http', 'https', 'console', 'YYYY-MM-DD'],
  // the bot's /stop, WhatsApp's STOP, the Telegram bot's Start button
  ...['stop', 'STOP', 'Start'],
  // API field names and values quoted by a refusal, as the English quotes them
  ...['true', 'false', 'pending', 'approved', 'silent', 'rejected', 'limit', 'cursor', 'confirmDuplicate'],
  ...['SUPERADMIN_EMAILS'],
  // Meta's tool, named as its own menus name it (WhatsApp Manager)
  'Manager',
]);
/** A word of two or more Latin letters (codes such as 201912345K, P-256 or v2.0 are not words). */
const LATIN_WORD = /(?<![\w-])[A-Za-z][A-Za-z_-]*[A-Za-z](?![\w])/g;
const TAMIL_SCRIPT = /[\u0B80-\u0BFF]/;

describe.each(Object.entries({ ...catalogues, messages }))('the %s catalogue', (namespace, catalogue) => {
  const en: Record<string, string> = catalogue.en;
  const ta: Record<string, string> = catalogue.ta;
  const translated = Object.keys(en).filter((key) => !(`${namespace}.${key}` in SAME_IN_BOTH));

  it('has a non-empty Tamil text for every English key', () => {
    const missing = Object.keys(en).filter((key) => typeof ta[key] !== 'string' || ta[key].trim() === '');
    expect(missing).toEqual([]);
  });

  it('has no Tamil key without an English one', () => {
    expect(Object.keys(ta).filter((key) => !(key in en))).toEqual([]);
  });

  it('keeps the same {{placeholders}} in both languages', () => {
    const differing = Object.keys(en).filter(
      (key) => placeholders(en[key]).join() !== placeholders(ta[key] ?? '').join(),
    );
    expect(differing).toEqual([]);
  });

  it('translates every entry: its Tamil differs from the English and is written in Tamil script', () => {
    const untranslated = translated.filter((key) => ta[key] === en[key] || !TAMIL_SCRIPT.test(ta[key] ?? ''));
    expect(untranslated.map((key) => `${key}: ${ta[key]}`)).toEqual([]);
  });

  it('leaves no English word in a Tamil entry but the names kept in Latin script', () => {
    const left = translated.flatMap((key) =>
      ((ta[key] ?? '').replace(PLACEHOLDER, '').match(LATIN_WORD) ?? [])
        .filter((word) => !KEPT_IN_LATIN.has(word))
        .map((word) => `${key}: ${word}`),
    );
    expect(left).toEqual([]);
  });
});

it('allows the same text in both languages only for entries that exist', () => {
  const all = { ...catalogues, messages } as Record<string, { en: Record<string, string> }>;
  const unknown = Object.keys(SAME_IN_BOTH).filter((id) => {
    const [namespace, ...key] = id.split('.');
    return !(key.join('.') in (all[namespace]?.en ?? {}));
  });
  expect(unknown).toEqual([]);
});
