import { useOwnCatalogues } from '@ummahnotify/client';
import { SectionPage } from '@ummahnotify/client/section';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommitteeForm } from './committee/components/CommitteeForm';
import { CommitteeTable } from './committee/components/CommitteeTable';
import { SignInLinks } from './committee/components/SignInLinks';
import { OWN_TEXTS } from './common/catalogues';
import { SuperadminOnly } from './common/SuperadminOnly';

/** /dashboard/committee-members (superadmin only; others go to /): Create is the form, Edit the management table. */
function CommitteeSectionPage() {
  const { t } = useTranslation('committee');
  return (
    <SuperadminOnly>
      <SectionPage
        title={t('committeeTitle')}
        tabs={[
          { key: 'create', label: t('tab.create'), element: <CommitteeForm /> },
          {
            key: 'edit',
            label: t('tab.edit'),
            element: (
              <>
                <Typography.Title level={4}>{t('tableTitle')}</Typography.Title>
                <CommitteeTable />
                <SignInLinks />
              </>
            ),
          },
        ]}
      />
    </SuperadminOnly>
  );
}

/** The section, once its own texts are in place (at once unless its build brought changed ones). */
export default function CommitteeSection() {
  return useOwnCatalogues(OWN_TEXTS) ? <CommitteeSectionPage /> : null;
}
