import { ReloadOutlined } from '@ant-design/icons';
import { useIsMobile } from '@ummahnotify/client';
import { DateField, readApiProblem, SectionList, useSectionText } from '@ummahnotify/client/section';
import { formatUpdatedAt, isPersonalDataRemoved } from '@ummahnotify/core';
import { ACTIVITY_KINDS, type ActivityEntry, type ActivityKind } from '@ummahnotify/domain';
import { Alert, Button, Card, Empty, Flex, Select, Skeleton, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityFilters } from '../api';
import { useActivity } from '../hooks';

const KIND_COLOUR: Record<ActivityKind | 'other', string> = {
  'sign-ins': 'blue',
  creates: 'green',
  edits: 'gold',
  approvals: 'cyan',
  sends: 'purple',
  corrections: 'orange',
  'role-changes': 'magenta',
  deletions: 'red',
  'retention-runs': 'default',
  other: 'default',
};

/** What the server does on its own (no one acting): retention, delivery switched off at start or after a restore. */
const SYSTEM_ACTIONS = new Set(['retention.run', 'delivery.paused']);

/** The texts of one entry: who, what, about what, and when, in the reader's language. */
function useEntryText() {
  const { t, i18n } = useTranslation('activity');
  const { t: common } = useTranslation('common');
  return {
    who: (e: ActivityEntry) =>
      e.actor ? e.actor.name : SYSTEM_ACTIONS.has(e.action) ? t('system') : t('unknownPerson'),
    what: (e: ActivityEntry) => t(`action.${e.action}`, { defaultValue: e.action }),
    about: (e: ActivityEntry) => {
      if (e.action === 'retention.run') return t('removedNotices', { count: e.count ?? 0 });
      if (isPersonalDataRemoved(e.subject)) return common('personalDataRemoved');
      return e.subject ?? '';
    },
    when: (e: ActivityEntry) => formatUpdatedAt(e.at, i18n.language),
    kind: (e: ActivityEntry) => (
      <Tag color={KIND_COLOUR[e.kind]} style={{ marginInlineEnd: 0 }}>
        {t(`kind.${e.kind}`)}
      </Tag>
    ),
  };
}

const day = (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined);

/**
 * The summary section's "Activity" tab (superadmin only): who did what and when, filterable by
 * person, kind and Singapore dates, newest first, "Load more" for the next page; a table on wide
 * screens and one card per entry on a phone.
 */
export function ActivityLog() {
  const { t, problemText } = useSectionText('activity');
  const { t: common } = useTranslation('common');
  const isMobile = useIsMobile();
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [to, setTo] = useState<Dayjs | null>(null);
  const activity = useActivity(filters);
  const text = useEntryText();
  const entries = activity.data?.pages.flatMap((p) => p.data) ?? [];
  const people = activity.data?.pages[0]?.people ?? [];
  const filtered = Object.values(filters).some(Boolean);
  const set = (patch: Partial<ActivityFilters>) => setFilters((f) => ({ ...f, ...patch }));

  const filterBar = (
    <Flex gap={8} wrap vertical={isMobile} data-testid="activity-filters">
      <Select
        aria-label={t('filter.person')}
        placeholder={t('filter.anyone')}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth: 220 }}
        value={filters.actor}
        onChange={(actor) => set({ actor })}
        options={people.map((p) => ({ value: p.id, label: `${p.name} (${p.email})` }))}
      />
      <Select
        aria-label={t('filter.kind')}
        placeholder={t('filter.anyKind')}
        allowClear
        style={{ minWidth: 180 }}
        value={filters.kind}
        onChange={(kind) => set({ kind })}
        options={ACTIVITY_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
      />
      <DateField
        aria-label={t('filter.from')}
        placeholder={t('filter.from')}
        value={from}
        maxDate={to ?? undefined}
        onChange={(d) => {
          setFrom(d);
          set({ from: day(d) });
        }}
      />
      <DateField
        aria-label={t('filter.to')}
        placeholder={t('filter.to')}
        value={to}
        minDate={from ?? undefined}
        onChange={(d) => {
          setTo(d);
          set({ to: day(d) });
        }}
      />
      {filtered && (
        <Button
          onClick={() => {
            setFilters({});
            setFrom(null);
            setTo(null);
          }}
        >
          {t('filter.clear')}
        </Button>
      )}
    </Flex>
  );

  const problem = activity.error ? problemText(readApiProblem(activity.error)) : undefined;

  return (
    <Flex vertical gap={12} data-testid="activity-log">
      <Typography.Text type="secondary">{t('intro')}</Typography.Text>
      {filterBar}
      <SectionList<ActivityEntry>
        // A later page that fails keeps the rows, with a warning above them.
        query={{ isPending: activity.isPending, isError: activity.isError && entries.length === 0 }}
        rows={entries}
        loading={
          <div role="status" aria-label={t('loading')}>
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        }
        failed={
          <Alert
            type="error"
            showIcon
            title={t('loadFailed')}
            description={problem ?? common('networkError')}
            action={
              <Button icon={<ReloadOutlined />} onClick={() => void activity.refetch()}>
                {common('retry')}
              </Button>
            }
          />
        }
        empty={<Empty description={filtered ? t('emptyFiltered') : t('empty')} />}
        above={activity.isError && <Alert type="warning" showIcon title={t('loadMoreFailed')} description={problem} />}
        below={
          activity.hasNextPage && (
            <Flex justify="center">
              <Button
                onClick={() => void activity.fetchNextPage()}
                loading={activity.isFetchingNextPage}
                block={isMobile}
              >
                {t('loadMore')}
              </Button>
            </Flex>
          )
        }
        cardList={{ gap: 8 }}
        card={(e) => (
          <li key={e.id} data-testid="activity-entry">
            <Card size="small">
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Typography.Text strong>{text.who(e)}</Typography.Text>
                {text.kind(e)}
              </Flex>
              <div>{text.what(e)}</div>
              {text.about(e) && <Typography.Text type="secondary">{text.about(e)}</Typography.Text>}
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {text.when(e)}
                </Typography.Text>
              </div>
            </Card>
          </li>
        )}
        table={
          <Table<ActivityEntry>
            rowKey="id"
            size="middle"
            pagination={false}
            dataSource={entries}
            onRow={() => ({ 'data-testid': 'activity-entry' }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              { key: 'when', title: t('column.when'), render: (_, e) => text.when(e), width: 210 },
              {
                key: 'who',
                title: t('column.who'),
                render: (_, e) => (
                  <Flex vertical>
                    <span>{text.who(e)}</span>
                    {e.actor && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {e.actor.email}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              },
              {
                key: 'what',
                title: t('column.what'),
                render: (_, e) => (
                  <Flex gap={8} align="center" wrap>
                    {text.kind(e)}
                    <span>{text.what(e)}</span>
                  </Flex>
                ),
              },
              { key: 'about', title: t('column.about'), render: (_, e) => text.about(e) },
            ]}
          />
        }
      />
    </Flex>
  );
}
