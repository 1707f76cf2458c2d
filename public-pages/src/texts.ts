import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@ummahnotify/core';
import { common } from '@ummahnotify/domain/catalogues/common';
import { prayer } from '@ummahnotify/domain/catalogues/prayer';
import { shell } from '@ummahnotify/domain/catalogues/shell';
import { signup } from '@ummahnotify/domain/catalogues/signup';
import i18next, { type TFunction } from 'i18next';

/** The catalogues the signed-out pages say things with, read at build time: no translation code reaches the browser. */
const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(
    LANGUAGES.map((l) => [l, { common: common[l], prayer: prayer[l], shell: shell[l], signup: signup[l] }]),
  ),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['common', 'prayer', 'shell', 'signup'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export type Texts = TFunction;

/** `t` of one language; keys as the dashboard writes them ('shell:loginTitle'). */
export function textsOf(language: Language): Texts {
  return i18n.getFixedT(language);
}
