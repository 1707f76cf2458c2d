import { screen } from '@testing-library/react';
import { useAuthStore } from '@ummahnotify/client';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, restoreApi } from './fakeApi';
import { renderWithProviders } from './render';

interface ExposedSection {
  name: string;
  Section: ComponentType;
  /** The section's path under /dashboard. */
  path: string;
  title: string;
  secondTab: string;
}

/** The check every remote's exposed module passes: its title, tabs as sub-routes, and the one auth store. */
export function describeExposedSection({ name, Section, path, title, secondTab }: ExposedSection): void {
  describe(`${name} (the exposed module)`, () => {
    afterEach(() => {
      jest.restoreAllMocks();
      restoreApi();
      useAuthStore.getState().reset();
    });

    it('opens its first tab, with the signed-in user read from the shared auth store', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => {});
      fakeApi({});
      useAuthStore.getState().setUser({ fName: 'Aisha', rights: 'superadmin', activated: true });
      await renderWithProviders(
        <Routes>
          <Route path={`/dashboard/${path}/*`} element={<Section />} />
        </Routes>,
        { history: [`/dashboard/${path}`] },
      );
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Create' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tab', { name: secondTab })).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/${path}/create`);
      expect(screen.getByTestId('signed-in-as')).toHaveTextContent('Signed in as Aisha');
    });
  });
}
