import { readStoredLanguage, rememberLanguage } from '@ummahnotify/client/public-app';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@ummahnotify/core';
import { common } from '@ummahnotify/domain/catalogues/common';
import { shell } from '@ummahnotify/domain/catalogues/shell';
import i18next from 'i18next';

/**
 * The light public app's translations: `common` and `shell`, plus what a page adds (the dashboard's i18n instance
 * carries every section's). The language choice is the dashboard's, from the same storage.
 */
export const i18n = i18next.createInstance();

void i18n.init({
  resources: { en: { common: common.en, shell: shell.en }, ta: { common: common.ta, shell: shell.ta } },
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['common', 'shell'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});
rememberLanguage(i18n.language);
i18n.on('languageChanged', rememberLanguage);

/** A page's own namespaces (the landing page's sign-up and prayer texts); those already there are kept. */
export function addPageTexts(catalogues: Record<string, Record<Language, Record<string, string>>>): void {
  for (const [ns, texts] of Object.entries(catalogues))
    for (const language of LANGUAGES)
      if (!i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, texts[language]);
}
