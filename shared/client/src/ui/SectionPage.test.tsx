import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../test/render';
import { useAuthStore } from '../authStore';
import { SectionPage } from './SectionPage';

function EventsLike() {
  return (
    <SectionPage
      title="Events"
      tabs={[
        { key: 'create', label: 'Create', element: <h4>Create Event</h4> },
        { key: 'edit', label: 'Events', element: <h4>Event list</h4> },
      ]}
    />
  );
}

async function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/events/*" element={<EventsLike />} />
    </Routes>,
    { history: [path] },
  );
}

afterEach(() => useAuthStore.getState().reset());

describe('SectionPage', () => {
  it('opens the first tab at the section root', async () => {
    await renderAt('/dashboard/events');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/events/create');
    expect(screen.getByRole('heading', { name: 'Create Event' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Create' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves to a tab sub-route when a tab is clicked', async () => {
    await renderAt('/dashboard/events/create');
    fireEvent.click(screen.getByRole('tab', { name: 'Events' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/events/edit');
    expect(await screen.findByRole('heading', { name: 'Event list' })).toBeInTheDocument();
  });

  it("shows 'Smile!' for an unknown sub-path", async () => {
    await renderAt('/dashboard/events/nope');
    expect(screen.getByText('Smile!')).toBeInTheDocument();
  });

  it('says who is signed in, from the shared auth store', async () => {
    useAuthStore.getState().setUser({ fName: 'Aisha', rights: 'superadmin' });
    await renderAt('/dashboard/events/create');
    expect(screen.getByTestId('signed-in-as')).toHaveTextContent('Signed in as Aisha');
    expect(screen.getByRole('heading', { name: 'Create Event' })).toBeInTheDocument();
  });
});
