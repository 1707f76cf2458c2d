import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../../shared/test/render';
import { ForbiddenPage } from './ForbiddenPage';

async function renderForbidden() {
  return renderWithProviders(
    <Routes>
      <Route path="/previous" element={<p>Previous page</p>} />
      <Route path="*" element={<ForbiddenPage />} />
    </Routes>,
    { history: ['/previous', '/no-such-page'] },
  );
}

describe('ForbiddenPage', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('says the visitor may not see the page', async () => {
    await renderForbidden();
    expect(screen.getByText('You do not have permission to access this page')).toBeInTheDocument();
  });

  it('goes back in history after 2 seconds, not before', async () => {
    await renderForbidden();
    act(() => jest.advanceTimersByTime(1_900));
    expect(screen.getByTestId('location')).toHaveTextContent('/no-such-page');
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByTestId('location')).toHaveTextContent('/previous');
    expect(screen.getByText('Previous page')).toBeInTheDocument();
  });

  it('goes back at once with the Go Back button', async () => {
    await renderForbidden();
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/previous');
  });
});
