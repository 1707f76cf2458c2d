import dayjs from 'dayjs';
import 'dayjs/locale/ta';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@ummahnotify/core';
import { type Catalogue, catalogues, type Messages, resourcesFor } from '@ummahnotify/domain';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
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

/** Adds catalogues to the one i18n instance (a namespace already there is overwritten). */
export function registerCatalogues(own: Record<string, Catalogue<Messages>>): void {
  for (const [namespace, catalogue] of Object.entries(own)) {
    for (const lang of LANGUAGES) i18n.addResourceBundle(lang, namespace, catalogue[lang], true, true);
  }
}

declare global {
  /** A hash of each catalogue file a build bundles (rspack.base.ts); undefined under jest. */
  const __UN_CATALOGUES__: Record<string, string> | undefined;
}
/** The catalogues this copy of the client was built with: the shell's, since the client is its singleton. */
const HOST_CATALOGUES = (typeof __UN_CATALOGUES__ === 'undefined' ? undefined : __UN_CATALOGUES__) ?? {};

export interface OwnCatalogues {
  /** True when the texts on screen are already the remote's own. */
  ready: boolean;
  loaded: Promise<void>;
}

/**
 * A remote's texts from its own build. Where a catalogue file it was built with differs from the shell's (the
 * remote redeployed alone with new or corrected texts), its own copy is loaded from the remote and registered;
 * an unchanged one costs nothing. `builtWith` is the remote's own `__UN_CATALOGUES__`; `loaders` import each
 * catalogue file (`@ummahnotify/domain/catalogues/<file>`), keyed by the file's name.
 */
export function registerOwnCatalogues(
  builtWith: Record<string, string> | undefined,
  loaders: Record<string, () => Promise<Record<string, Catalogue<Messages>>>>,
): OwnCatalogues {
  const changed = Object.keys(loaders).filter((file) => builtWith?.[file] && builtWith[file] !== HOST_CATALOGUES[file]);
  if (changed.length === 0) return { ready: true, loaded: Promise.resolve() };
  const own: OwnCatalogues = {
    ready: false,
    loaded: Promise.all(changed.map(async (file) => registerCatalogues(await loaders[file]())))
      // Unreachable texts: the shell's (older) ones are shown rather than nothing.
      .catch((error) => console.error("Could not load this section's own texts", error))
      .then(() => {
        own.ready = true;
      }),
  };
  return own;
}

/** True once a section's own texts are in place (at once, unless its build brought changed ones). */
export function useOwnCatalogues(own: OwnCatalogues): boolean {
  const [ready, setReady] = useState(own.ready);
  useEffect(() => {
    if (!ready) void own.loaded.then(() => setReady(true));
  }, [own, ready]);
  return ready;
}
