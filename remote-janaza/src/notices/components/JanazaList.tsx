import { SearchOutlined } from '@ant-design/icons';
import { useIsMobile, useToast } from '@ummahnotify/client';
import { pagesOf, readApiProblem, SectionList, useDeliveryStatus, useSectionText } from '@ummahnotify/client/section';
import { NOTIFICATION_STATUSES, type NotificationStatus } from '@ummahnotify/core';
import { filterNotices, type JanazaNotice } from '@ummahnotify/domain';
import { Alert, Button, Card, Empty, Flex, Input, Select, Skeleton, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useDeleteJanaza, useJanazaList } from '../hooks/queries';
import { useRowEdit } from '../hooks/useRowEdit';
import { DeliveryCell } from './DeliveryCell';
import { DueDate } from './DueDate';
import type { JanazaPartName } from './JanazaFields';
import { JanazaPart } from './JanazaParts';

type StatusFilter = NotificationStatus | 'all';
const SEARCH_ID = 'janaza-search';

/**
 * The ?q= a link opens the list with. URLSearchParams would read a malformed percent-encoding
 * (`?q=%E0%A4%A`) as U+FFFD or a bare %, a search that matches nothing: such a q is taken as absent.
 */
function searchFromLink(search: string): string {
  const raw = search
    .replace(/^\?/, '')
    .split('&')
    .find((pair) => pair.startsWith('q='));
  try {
    return raw ? decodeURIComponent(raw.slice(2).replace(/\+/g, ' ')) : '';
  } catch {
    return '';
  }
}

/** The Notifications tab (docs/product/screens.md): search, status filter, count line, table at md and up, cards below. */
export function JanazaList() {
  const { t, problemText } = useSectionText('janaza');
  const toast = useToast();
  const isMobile = useIsMobile();
  const notices = useJanazaList();
  const remove = useDeleteJanaza();
  const edit = useRowEdit();
  // ?q= opens the list searching (the duplicate warning's links)
  const { search } = useLocation();
  const [q, setQ] = useState(() => searchFromLink(search));
  const [status, setStatus] = useState<StatusFilter>('all');

  const all = notices.data ?? [];
  const shown = useMemo(() => filterNotices(notices.data ?? [], q, status), [notices.data, q, status]);
  // Every notice's counts in one request, so searching and filtering do not ask again.
  const delivery = useDeliveryStatus(
    'janaza',
    all.map((n) => n._id),
  );
  const deliveryOf = (notice: JanazaNotice) => <DeliveryCell notice={notice} status={delivery} />;

  useEffect(() => {
    if (notices.isError) toast.error(t('loadFailed'));
  }, [notices.isError, toast, t]);

  const onDelete = (notice: JanazaNotice) => {
    if (edit.editingId === notice._id) edit.cancel();
    remove.mutate(notice._id, {
      onSuccess: () => toast.success(t('deleted')),
      onError: (error) => {
        const reason = problemText(readApiProblem(error));
        toast.error(
          <>
            {t('deleteFailed')}
            {reason ? <div>{reason}</div> : null}
          </>,
        );
      },
    });
  };

  const part =
    (name: JanazaPartName, layout: 'table' | 'card' = 'table') =>
    (_: unknown, notice: JanazaNotice) => (
      <JanazaPart part={name} notice={notice} edit={edit} onDelete={onDelete} layout={layout} />
    );
  const columns: ColumnsType<JanazaNotice> = [
    {
      key: 'dueDate',
      title: t('col.dueDate'),
      dataIndex: 'dueDate',
      render: (value: string, notice: JanazaNotice) => <DueDate value={value} prayer={notice.prayer} wrap />,
      width: 92,
    },
    { key: 'profile', title: t('col.profile'), render: part('profile'), width: 150 },
    { key: 'personal', title: t('col.personal'), render: part('personal'), width: 100 },
    { key: 'location', title: t('col.location'), render: part('location'), width: 84 },
    { key: 'details', title: t('col.details'), render: part('details') },
    {
      // The status and, under it, how far its notification went; kept in view with the actions.
      key: 'status',
      title: t('col.status'),
      render: (_, notice: JanazaNotice) => (
        <Flex vertical gap={8} align="flex-start">
          {part('status')(undefined, notice)}
          {edit.editingId !== notice._id && (
            <Flex vertical gap={2} style={{ width: '100%' }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('delivery:status.title')}
              </Typography.Text>
              {deliveryOf(notice)}
            </Flex>
          )}
        </Flex>
      ),
      width: 226,
      fixed: 'right',
    },
    // Wide enough for the Tamil labels beside their icons (திருத்து, நீக்கு).
    { key: 'actions', title: t('col.actions'), render: part('actions'), width: 120, fixed: 'right' },
  ];

  const statusOptions = [
    { value: 'all', label: t('status.all') },
    ...NOTIFICATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('editTitle')}
      </Typography.Title>
      <Flex gap={12} wrap align="flex-end">
        {/* On a phone the hint is a label over the box: a placeholder cannot wrap, and the Tamil one was cut. */}
        <Flex vertical gap={4} style={{ flex: '1 1 240px', maxWidth: isMobile ? undefined : 420 }}>
          {isMobile && <label htmlFor={SEARCH_ID}>{t('search')}</label>}
          <Input
            id={SEARCH_ID}
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={isMobile ? undefined : t('search')}
            aria-label={t('search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </Flex>
        <Select<StatusFilter>
          aria-label={t('statusFilter')}
          value={status}
          onChange={setStatus}
          options={statusOptions}
          style={{ flex: isMobile ? '1 1 100%' : '0 1 220px', minWidth: 170 }}
        />
      </Flex>

      <SectionList<JanazaNotice>
        query={notices}
        rows={shown}
        loading={<Skeleton active paragraph={{ rows: 4 }} />}
        failed={
          <Alert
            type="error"
            showIcon
            title={t('loadFailed')}
            action={
              <Button size="small" onClick={() => notices.refetch()}>
                {t('common:retry')}
              </Button>
            }
          />
        }
        above={
          <Typography.Text type="secondary" aria-live="polite">
            {t('showing', { shown: shown.length, total: all.length })}
          </Typography.Text>
        }
        empty={
          <Empty
            description={
              <Flex vertical gap={4}>
                <Typography.Text strong>{t('emptyTitle')}</Typography.Text>
                <Typography.Text type="secondary">{all.length === 0 ? t('emptyBody') : t('noMatch')}</Typography.Text>
              </Flex>
            }
          />
        }
        // A list with no gap and 12 px under each card: the look of the antd List the cards were in.
        cardList={{ gap: 0 }}
        card={(notice) => (
          <li key={notice._id} style={{ padding: '0 0 12px' }}>
            <JanazaCard
              notice={notice}
              render={part}
              editing={edit.editingId === notice._id}
              delivery={deliveryOf(notice)}
            />
          </li>
        )}
        table={
          <Table<JanazaNotice>
            rowKey="_id"
            columns={columns}
            dataSource={shown}
            pagination={pagesOf(shown.length, 20)}
            // The fixed widths (772 px) leave Details at least 128 px, so the table fits beside the sidebar at
            // 1280 px; only narrower windows scroll (and then Details slides under Status and Actions).
            scroll={{ x: 900 }}
            size="small"
          />
        }
      />
    </Flex>
  );
}

/** Below md: one card per notice with the same parts as the table's columns. */
function JanazaCard({
  notice,
  render,
  editing,
  delivery,
}: {
  notice: JanazaNotice;
  render: (name: JanazaPartName, layout?: 'table' | 'card') => (_: unknown, notice: JanazaNotice) => ReactNode;
  editing: boolean;
  delivery: ReactNode;
}) {
  const { t } = useSectionText('janaza');
  const section = (label: string, name: JanazaPartName) => (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      {render(name)(undefined, notice)}
    </Flex>
  );
  return (
    <Card size="small" style={{ width: '100%' }} data-testid="notice-card">
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <DueDate value={notice.dueDate} prayer={notice.prayer} />
          {!editing && render('status')(undefined, notice)}
        </Flex>
        {render('profile')(undefined, notice)}
        {section(t('col.personal'), 'personal')}
        {section(t('col.location'), 'location')}
        {section(t('col.details'), 'details')}
        {editing && section(t('col.status'), 'status')}
        <Flex vertical gap={4}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('delivery:status.title')}
          </Typography.Text>
          {delivery}
        </Flex>
        {render('actions', 'card')(undefined, notice)}
      </Flex>
    </Card>
  );
}
