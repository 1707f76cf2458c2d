import { registerOwnCatalogues, useOwnCatalogues } from '@ummahnotify/client';
import { SectionPage } from '@ummahnotify/client/section';
import { useTranslation } from 'react-i18next';
import { CreateJanazaForm } from './notices/components/CreateJanazaForm';
import { JanazaList } from './notices/components/JanazaList';

// This remote's texts are its own build's: those changed since the shell was built are loaded from here.
const OWN_TEXTS = registerOwnCatalogues(__UN_CATALOGUES__, {
  janaza: () => import('@ummahnotify/domain/catalogues/janaza'),
  delivery: () => import('@ummahnotify/domain/catalogues/delivery'),
  prayer: () => import('@ummahnotify/domain/catalogues/prayer'),
});

/** /dashboard/janaza-notifications: tabs Create and Notifications (docs/product/screens.md). */
function JanazaSectionPage() {
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

/** The section, once its own texts are in place (at once unless its build brought changed ones). */
export default function JanazaSection() {
  return useOwnCatalogues(OWN_TEXTS) ? <JanazaSectionPage /> : null;
}
