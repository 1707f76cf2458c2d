import { ReloadOutlined } from '@ant-design/icons';
import { registerOwnCatalogues, useOwnCatalogues } from '@ummahnotify/client';
import { readApiProblem, SectionPage, useSectionText } from '@ummahnotify/client/section';
import { Alert, Button, Col, Flex, Result, Row, Spin, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ActivityLog } from './activity/components/ActivityLog';
import { SectionBuildsCard } from './builds/components/SectionBuildsCard';
import { DeliveryChannelsCard } from './channels/components/DeliveryChannelsCard';
import { SummaryCard } from './counts/components/SummaryCard';
import { CARDS } from './counts/definitions';
import { useSummary } from './counts/hooks';

// This remote's texts come from its own build, so a redeploy brings its new strings.
const OWN_TEXTS = registerOwnCatalogues(__UN_CATALOGUES__, {
  summary: () => import('@ummahnotify/domain/catalogues/summary'),
  delivery: () => import('@ummahnotify/domain/catalogues/delivery'),
  activity: () => import('@ummahnotify/domain/catalogues/activity'),
});

/** The summary's tabs: the counts at /dashboard/summary, the activity log at /dashboard/summary/activity. */
function useSummaryTab() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  const base = pathname.slice(0, pathname.length - rest.length).replace(/\/$/, '');
  const active = rest.split('/')[0] === 'activity' ? 'activity' : 'overview';
  return { active, go: (key: string) => navigate(key === 'activity' ? `${base}/activity` : base) };
}

/**
 * /dashboard/summary (superadmin only): the eight count cards of docs/product/screens.md#summary and the
 * delivery channels; its "Activity" tab is the activity log (docs/product/rights.md#activity-log).
 */
function SummarySectionPage() {
  const { t, problemText } = useSectionText('summary');
  const { t: activity } = useTranslation('activity');
  const tab = useSummaryTab();
  const { t: common } = useTranslation('common');
  const summary = useSummary();

  const problem = (error: unknown) => {
    const read = readApiProblem(error);
    return (
      problemText(read) ??
      (read.unreachable
        ? common('networkError')
        : common('errorDetails', { message: error instanceof Error ? error.message : String(error) }))
    );
  };
  const retry = (
    <Button icon={<ReloadOutlined />} onClick={() => void summary.refetch()} loading={summary.isFetching}>
      {common('retry')}
    </Button>
  );

  let content: ReactNode;
  if (summary.isPending) {
    content = (
      <Flex role="status" vertical align="center" gap={12} style={{ padding: '48px 0' }}>
        <Spin size="large" />
        <span>{t('loadingSummary')}</span>
      </Flex>
    );
  } else if (summary.isError && !summary.data) {
    content = <Result status="error" title={t('loadFailed')} subTitle={problem(summary.error)} extra={retry} />;
  } else {
    const data = summary.data;
    content = (
      <Flex vertical gap={16}>
        <Flex justify="flex-end">
          <Button icon={<ReloadOutlined />} onClick={() => void summary.refetch()} loading={summary.isFetching}>
            {t('refresh')}
          </Button>
        </Flex>
        {summary.isError && (
          <Alert
            type="warning"
            showIcon
            title={t('refreshFailed')}
            description={problem(summary.error)}
            action={retry}
          />
        )}
        <Row gutter={[16, 16]}>
          {CARDS.map((card) => (
            <Col key={card.key} xs={24} sm={12} lg={8} xxl={6} style={{ display: 'flex' }}>
              <SummaryCard card={card} summary={data} />
            </Col>
          ))}
          <Col xs={24} sm={12} lg={8} xxl={6} style={{ display: 'flex' }}>
            <DeliveryChannelsCard />
          </Col>
          <Col xs={24} sm={12} lg={8} xxl={6} style={{ display: 'flex' }}>
            <SectionBuildsCard />
          </Col>
        </Row>
      </Flex>
    );
  }

  return (
    <SectionPage title={t('title')}>
      <Tabs
        activeKey={tab.active}
        onChange={tab.go}
        destroyOnHidden
        items={[
          { key: 'overview', label: activity('tab.overview'), children: content },
          { key: 'activity', label: activity('tab.activity'), children: <ActivityLog /> },
        ]}
      />
    </SectionPage>
  );
}

/** The section, once its own texts are in place (at once unless its build brought changed ones). */
export default function SummarySection() {
  return useOwnCatalogues(OWN_TEXTS) ? <SummarySectionPage /> : null;
}
