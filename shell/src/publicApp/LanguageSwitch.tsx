import type { Language } from '@ummahnotify/core';
import { useTranslation } from 'react-i18next';
import { Segmented } from './ui/Segmented';

/** English / தமிழ், as the dashboard's switch (shared/client LanguageSwitch), remembered for the next visit. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  return (
    <Segmented<Language>
      small
      label={t('language')}
      value={i18n.language === 'ta' ? 'ta' : 'en'}
      options={[
        { value: 'en', label: t('languageEnglish') },
        { value: 'ta', label: t('languageTamil') },
      ]}
      onChange={(lang) => void i18n.changeLanguage(lang)}
    />
  );
}
