import { catalogues } from './index';
import { messages } from './messages';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).sort();
}

describe.each(Object.entries({ ...catalogues, messages }))('the %s catalogue', (_namespace, catalogue) => {
  const en: Record<string, string> = catalogue.en;
  const ta: Record<string, string> = catalogue.ta;

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
});
