import { fireEvent, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { renderWithProviders } from '../../test/render';
import { i18n, LANGUAGE_STORAGE_KEY, setLanguage } from '../i18n';
import { LanguageSwitch } from './LanguageSwitch';

function RetryLabel() {
  const { t } = useTranslation('common');
  return <p>{t('retry')}</p>;
}

afterEach(async () => {
  await setLanguage('en');
  localStorage.clear();
});

describe('LanguageSwitch', () => {
  it('switches every text to Tamil at once and remembers the choice', async () => {
    await renderWithProviders(
      <>
        <LanguageSwitch />
        <RetryLabel />
      </>,
    );
    expect(screen.getByText('Retry')).toBeInTheDocument();

    fireEvent.click(screen.getByText('தமிழ்'));

    expect(await screen.findByText('மீண்டும் முயல்க')).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ta');
    expect(document.documentElement.lang).toBe('ta');
    expect(i18n.language).toBe('ta');
  });

  it('switches back to English', async () => {
    await setLanguage('ta');
    await renderWithProviders(
      <>
        <LanguageSwitch />
        <RetryLabel />
      </>,
    );
    fireEvent.click(screen.getByText('English'));
    expect(await screen.findByText('Retry')).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});
