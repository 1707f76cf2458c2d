import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../shared/test/render';
import { AppConfigProvider } from '../config/AppConfigContext';
import { DEFAULT_APP_CONFIG } from '../config/appConfig';
import { ThanksPage } from './ThanksPage';
import { whatsappLink } from './whatsappLink';

async function renderThanks(supportWhatsapp: string | null) {
  return renderWithProviders(
    <AppConfigProvider value={{ ...DEFAULT_APP_CONFIG, supportWhatsapp }}>
      <ThanksPage />
    </AppConfigProvider>,
    { history: ['/thanks'] },
  );
}

describe('ThanksPage', () => {
  it('shows both logged-out texts', async () => {
    await renderThanks(null);
    expect(screen.getByText('Thank You , You have been logged out.')).toBeInTheDocument();
    expect(screen.getByText('You are seeing this page because your logged in session ended.')).toBeInTheDocument();
  });

  it('links to the support WhatsApp number', async () => {
    await renderThanks('+65 8123 4567');
    const link = screen.getByRole('link', { name: /Contact support on WhatsApp/ });
    expect(link).toHaveAttribute('href', 'https://wa.me/6581234567');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('hides the chat link when no number is configured', async () => {
    await renderThanks(null);
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });
});

describe('whatsappLink', () => {
  it('keeps only the digits of the number', async () => {
    expect(whatsappLink('+65 (8123) 4567')).toBe('https://wa.me/6581234567');
  });
});
