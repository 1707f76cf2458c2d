import { registerCatalogues } from '@ummahnotify/shared/client';
import { SectionPage } from '@ummahnotify/shared/client/section';
import { catalogues } from '@ummahnotify/shared/domain';
import { useTranslation } from 'react-i18next';
import { CreateEventPage } from './events/components/CreateEventPage';
import { EventsList } from './events/components/EventsList';

// This remote's texts come from its own build, so a redeploy brings its new strings.
registerCatalogues({ events: catalogues.events, delivery: catalogues.delivery });

/** /dashboard/events: tabs Create and Events (docs/product/screens.md). */
export default function EventsSection() {
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
