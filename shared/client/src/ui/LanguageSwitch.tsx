import type { Language } from '@ummahnotify/core';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../i18n';

/** English / தமிழ், switchable on any screen; the choice is remembered (see i18n.ts). */
export function LanguageSwitch() {
  // useTranslation also re-renders this on every language change, so the value stays current.
  const { t } = useTranslation('common');
  return (
    <Segmented<Language>
      aria-label={t('language')}
      size="small"
      value={currentLanguage()}
      options={[
        { label: t('languageEnglish'), value: 'en' },
        { label: t('languageTamil'), value: 'ta' },
      ]}
      onChange={(lang) => void setLanguage(lang)}
    />
  );
}
