import { act, fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_APP_CONFIG } from '../../config/appConfig';
import { i18n } from '../i18n';
import { PublicApp } from '../PublicApp';
import { ForbiddenPage } from './ForbiddenPage';

function openForbidden() {
  window.history.pushState({}, '', '/no-such-page');
  return render(<PublicApp config={DEFAULT_APP_CONFIG} Page={ForbiddenPage} />);
}

describe('the 403 page of the light public app (docs/product/screens.md#403-page)', () => {
  let back: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    back = jest.spyOn(window.history, 'back').mockImplementation(() => {});
  });
  afterEach(async () => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    await act(() => i18n.changeLanguage('en'));
  });

  it('says the visitor may not see the page, in English and Tamil', async () => {
    openForbidden();
    expect(screen.getByText('You do not have permission to access this page')).toBeInTheDocument();
    expect(screen.getByText('403')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ta'));
    expect(screen.getByRole('button', { name: 'பின் செல்' })).toBeInTheDocument();
  });

  it('goes back in history after 2 seconds, not before', () => {
    openForbidden();
    act(() => jest.advanceTimersByTime(1_900));
    expect(back).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(100));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('goes back at once with the Go Back button, and no more when the timer would have', () => {
    const { unmount } = openForbidden();
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(back).toHaveBeenCalledTimes(1);
    unmount();
    act(() => jest.advanceTimersByTime(2_000));
    expect(back).toHaveBeenCalledTimes(1);
  });
});
