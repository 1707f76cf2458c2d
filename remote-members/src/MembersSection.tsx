import { useOwnCatalogues } from '@ummahnotify/client';
import { SectionPage } from '@ummahnotify/client/section';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OWN_TEXTS } from './common/catalogues';
import { SuperadminOnly } from './common/SuperadminOnly';
import { MemberCreateForm } from './members/components/MemberCreateForm';
import { MembersList } from './members/components/MembersList';

/** /dashboard/members (superadmin only; others go to /): tabs Create and Edit (docs/product/screens.md). */
function MembersSectionPage() {
  const { t } = useTranslation('members');
  return (
    <SuperadminOnly>
      <SectionPage
        title={t('membersTitle')}
        tabs={[
          { key: 'create', label: t('tab.create'), element: <MemberCreateForm /> },
          {
            key: 'edit',
            label: t('tab.edit'),
            element: (
              <>
                <Typography.Title level={4}>{t('membersEditTitle')}</Typography.Title>
                <MembersList />
              </>
            ),
          },
        ]}
      />
    </SuperadminOnly>
  );
}

/** The section, once its own texts are in place (at once unless its build brought changed ones). */
export default function MembersSection() {
  return useOwnCatalogues(OWN_TEXTS) ? <MembersSectionPage /> : null;
}
