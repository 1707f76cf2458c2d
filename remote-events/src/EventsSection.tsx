import { registerOwnCatalogues, useOwnCatalogues } from '@ummahnotify/client';
import { SectionPage } from '@ummahnotify/client/section';
import { useTranslation } from 'react-i18next';
import { CreateEventPage } from './events/components/CreateEventPage';
import { EventsList } from './events/components/EventsList';

// This remote's texts are its own build's: those changed since the shell was built are loaded from here.
const OWN_TEXTS = registerOwnCatalogues(__UN_CATALOGUES__, {
  events: () => import('@ummahnotify/domain/catalogues/events'),
  delivery: () => import('@ummahnotify/domain/catalogues/delivery'),
});

/** /dashboard/events: tabs Create and Events (docs/product/screens.md). */
function EventsSectionPage() {
  const { t } = useTranslation('events');
  return (
    <SectionPage
      title={t('title')}
      tabs={[
        { key: 'create', label: t('tab.create'), element: <CreateEventPage /> },
        { key: 'edit', label: t('tab.edit'), element: <EventsList /> },
      ]}
    />
  );
}

/** The section, once its own texts are in place (at once unless its build brought changed ones). */
export default function EventsSection() {
  return useOwnCatalogues(OWN_TEXTS) ? <EventsSectionPage /> : null;
}
