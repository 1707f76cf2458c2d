import dayjs from 'dayjs';
import 'dayjs/locale/ta';
import {
  type Catalogue,
  catalogues,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  type Messages,
  resourcesFor,
} from '@ummahnotify/shared/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, readStoredLanguage, rememberLanguage } from './languageStorage';

export { LANGUAGE_STORAGE_KEY } from './languageStorage';

function applyLanguage(lang: string): void {
  dayjs.locale(lang === 'ta' ? 'ta' : 'en');
  rememberLanguage(lang);
}

/** The one i18next instance; every section's namespace is loaded from the domain catalogues. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: resourcesFor('en'), ta: resourcesFor('ta') },
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(catalogues),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyLanguage(i18n.language);
i18n.on('languageChanged', applyLanguage);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches every screen at once and remembers the choice for the next visit. */
export async function setLanguage(lang: Language): Promise<void> {
  await i18n.changeLanguage(lang);
}

/**
 * A remote registers its own section's catalogues (from its own build of the domain) when it loads, so
 * a remote redeployed with new or corrected texts shows them without a shell rebuild.
 */
export function registerCatalogues(own: Record<string, Catalogue<Messages>>): void {
  for (const [namespace, catalogue] of Object.entries(own)) {
    for (const lang of LANGUAGES) i18n.addResourceBundle(lang, namespace, catalogue[lang], true, true);
  }
}
