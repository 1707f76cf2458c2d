import { catalogues } from '@ummahnotify/shared/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** English text -> its key, so a message from the shared schema or the server is shown in the chosen language. */
const KEY_OF_ENGLISH = new Map(Object.entries(catalogues.janaza.en).map(([key, english]) => [english, key]));

/** `t` of the janaza namespace, plus `message()` for validation and server messages (unknown ones pass through). */
export function useJanazaText() {
  const { t } = useTranslation('janaza');
  const message = useCallback(
    (english: string | undefined): string => {
      if (!english) return '';
      const key = KEY_OF_ENGLISH.get(english);
      return key ? t(key) : english;
    },
    [t],
  );
  return { t, message };
}
