import { render, screen } from '@testing-library/react';
import { DEFAULT_APP_CONFIG } from '../../config/appConfig';
import { PublicApp } from '../PublicApp';
import { ThanksPage } from './ThanksPage';
import { whatsappLink } from './whatsappLink';

function openThanks(supportWhatsapp: string | null) {
  window.history.pushState({}, '', '/thanks');
  return render(<PublicApp config={{ ...DEFAULT_APP_CONFIG, supportWhatsapp }} Page={ThanksPage} />);
}

describe('/thanks in the light public app (docs/product/screens.md)', () => {
  it('shows both logged-out texts and a way to sign in again', () => {
    openThanks(null);
    expect(screen.getByText('Thank You , You have been logged out.')).toBeInTheDocument();
    expect(screen.getByText('You are seeing this page because your logged in session ended.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/login');
  });

  it('links to the support WhatsApp number in a new tab', () => {
    openThanks('+65 8123 4567');
    const link = screen.getByRole('link', { name: /Contact support on WhatsApp/ });
    expect(link).toHaveAttribute('href', 'https://wa.me/6581234567');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('hides the chat link when no number is configured', () => {
    openThanks(null);
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });
});

describe('whatsappLink', () => {
  it('keeps only the digits of the number', () => {
    expect(whatsappLink('+65 (8123) 4567')).toBe('https://wa.me/6581234567');
  });
});
