import { registerCatalogues } from '@ummahnotify/shared/client';
import { SectionPage } from '@ummahnotify/shared/client/section';
import { catalogues } from '@ummahnotify/shared/domain';
import { useTranslation } from 'react-i18next';
import { CreateJanazaForm } from './notices/components/CreateJanazaForm';
import { JanazaList } from './notices/components/JanazaList';

// This remote's texts come from its own build, so a redeploy brings its new strings.
registerCatalogues({ janaza: catalogues.janaza, delivery: catalogues.delivery, prayer: catalogues.prayer });

/** /dashboard/janaza-notifications: tabs Create and Notifications (docs/product/screens.md). */
export default function JanazaSection() {
  const { t } = useTranslation('janaza');
  return (
    <SectionPage
      title={t('title')}
      tabs={[
        { key: 'create', label: t('tab.create'), element: <CreateJanazaForm /> },
        { key: 'edit', label: t('tab.edit'), element: <JanazaList /> },
      ]}
    />
  );
}
