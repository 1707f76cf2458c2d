import { common } from '@ummahnotify/shared/catalogues/common';
import { shell } from '@ummahnotify/shared/catalogues/shell';
import { readStoredLanguage, rememberLanguage } from '@ummahnotify/shared/client/languageStorage';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@ummahnotify/shared/domain';
import i18next from 'i18next';

/**
 * The light public app's translations: only the two namespaces its pages use (the dashboard's i18n instance
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
