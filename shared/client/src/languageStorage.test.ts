import { LANGUAGE_STORAGE_KEY, readStoredLanguage } from './languageStorage';

afterEach(() => {
  localStorage.clear();
  window.history.pushState({}, '', '/');
});

describe("the visitor's language", () => {
  it('is English for a first visit by a plain link', () => {
    expect(readStoredLanguage()).toBe('en');
  });

  it('is the language of a notice link (?lang=) when the visitor has not chosen one', () => {
    window.history.pushState({}, '', '/?notice=42&lang=ta');
    expect(readStoredLanguage()).toBe('ta');
  });

  it("is the visitor's own choice over the link's", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    window.history.pushState({}, '', '/?notice=42&lang=ta');
    expect(readStoredLanguage()).toBe('en');
  });

  it('ignores a language the product does not have', () => {
    window.history.pushState({}, '', '/?lang=fr');
    expect(readStoredLanguage()).toBe('en');
  });
});
