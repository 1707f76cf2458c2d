import { useQueryClient } from '@tanstack/react-query';
import { useIsMobile, useToast } from '@ummahnotify/client';
import {
  CONFIRM_STYLES,
  DateField,
  DeliveryStatus,
  readApiProblem,
  refreshDeliveryStatus,
  SectionList,
  useDeliveryStatus,
  useRowDraft,
  useSectionText,
} from '@ummahnotify/client/section';
import { formatEventDateTime } from '@ummahnotify/core';
import { deletingLeavesPeopleTold, type EventJson } from '@ummahnotify/domain';
import { Alert, Button, Card, Checkbox, Empty, Flex, Input, Popconfirm, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useDeleteEvent, useEventsList, useUpdateEvent } from '../hooks';
import { changesOf, checkDraft, draftOf, type EventDraft } from '../rowDraft';
import { EventSentActions } from './EventSentActions';
import { EventViewModal } from './EventViewModal';

/** /dashboard/events/edit: the events, with View, inline Edit (one row at a time, not of a withdrawn event) and Delete. */
export function EventsList() {
  const { t, i18n, schemaText, problemText } = useSectionText('events');
  const toast = useToast();
  const isMobile = useIsMobile();
  const list = useEventsList();
  const queryClient = useQueryClient();
  const delivery = useDeliveryStatus(
    'events',
    (list.data ?? []).map((e) => e._id),
  );
  const [viewing, setViewing] = useState<EventJson | null>(null);
  const row = useRowDraft<EventDraft>();
  const editing = row.editingId && row.draft ? { id: row.editingId, draft: row.draft, problems: row.problems } : null;

  const failure = (key: 'toast.updateFailed' | 'toast.deleteFailed') => (error: unknown) => {
    const refusal = readApiProblem(error);
    console.error(`Events list: ${key}`, error);
    toast.error(
      <span>
        {t(key)}
        {refusal.kind === 'refused' ? ` ${problemText(refusal)}` : ''}
      </span>,
    );
  };
  const update = useUpdateEvent(failure('toast.updateFailed'));
  const remove = useDeleteEvent(failure('toast.deleteFailed'));

  const startEdit = (event: EventJson) => row.start(event._id, draftOf(event));
  const change = <K extends keyof EventDraft>(field: K, value: EventDraft[K]) =>
    row.change({ [field]: value } as Partial<EventDraft>);
  const save = () => {
    if (!editing) return;
    const problems = checkDraft(editing.draft);
    if (Object.keys(problems).length > 0) return row.refuse(problems);
    update.mutate(
      { id: editing.id, changes: changesOf(editing.draft) },
      {
        onSuccess: () => {
          toast.success(t('toast.updated'));
          // Publishing queues a broadcast: show its progress now, not at the next slow poll.
          void refreshDeliveryStatus(queryClient, 'events');
        },
      },
    );
    row.cancel();
  };

  const problem = (field: keyof EventDraft) =>
    editing?.problems[field] ? (
      <Typography.Text type="danger" role="alert">
        {schemaText(editing.problems[field] as string)}
      </Typography.Text>
    ) : null;
  // Cards (phones) show a label over each field; the table's column headers do that job on wide screens.
  const labelled = (label: string, input: ReactNode) =>
    isMobile ? (
      <Flex vertical gap={2}>
        <Typography.Text type="secondary">{label}</Typography.Text>
        {input}
      </Flex>
    ) : (
      input
    );
  const textInput = (field: 'heading' | 'headingTa' | 'subHeading' | 'subHeadingTa' | 'link', placeholder?: string) =>
    editing &&
    labelled(
      t(`field.${field}`),
      <Input
        aria-label={t(`field.${field}`)}
        placeholder={placeholder ?? t(`field.${field}`)}
        value={editing.draft[field]}
        status={editing.problems[field] ? 'error' : undefined}
        lang={field.endsWith('Ta') ? 'ta' : undefined}
        onChange={(e) => change(field, e.target.value)}
        onPressEnter={save}
      />,
    );
  const editors = {
    heading: () => (
      <Flex vertical gap={4}>
        {textInput('heading')}
        {problem('heading')}
        {textInput('headingTa')}
        {problem('headingTa')}
      </Flex>
    ),
    subHeading: () => (
      <Flex vertical gap={4}>
        {textInput('subHeading')}
        {textInput('subHeadingTa')}
      </Flex>
    ),
    dateTime: () =>
      editing && (
        <Flex vertical gap={4}>
          {isMobile && <Typography.Text type="secondary">{t('field.dateTime')}</Typography.Text>}
          <DateField
            aria-label={t('field.dateTime')}
            withTime
            value={editing.draft.dateTime}
            status={editing.problems.dateTime ? 'error' : undefined}
            onChange={(value) => change('dateTime', value)}
            style={{ width: '100%' }}
          />
          {problem('dateTime')}
        </Flex>
      ),
    link: () => (
      <Flex vertical gap={4}>
        {textInput('link', t('field.linkPlaceholder'))}
        {problem('link')}
      </Flex>
    ),
    published: () =>
      editing && (
        <Checkbox checked={editing.draft.published} onChange={(e) => change('published', e.target.checked)}>
          {t('field.published')}
        </Checkbox>
      ),
  };

  // A withdrawn event stays published on the server (its .ics answers CANCELLED): no tick says it stands; its
  // "Withdrawn" note under the delivery counts says what it is.
  const tick = (event: EventJson) =>
    event.withdrawnAt ? null : event.published ? (
      <Typography.Text type="success" aria-label={t('list.yes')} title={t('list.yes')}>
        ✔
      </Typography.Text>
    ) : (
      <Typography.Text type="secondary" aria-label={t('list.no')} title={t('list.no')}>
        —
      </Typography.Text>
    );
  const both = (en: string, ta: string) => (
    <Flex vertical>
      <span>{en}</span>
      {ta && (
        <Typography.Text type="secondary" lang="ta">
          {ta}
        </Typography.Text>
      )}
    </Flex>
  );

  const actions = (event: EventJson, vertical = false): ReactNode =>
    editing?.id === event._id ? (
      <Flex gap={8} wrap vertical={vertical} align={vertical ? 'flex-start' : undefined}>
        <Button type="primary" size="small" onClick={save}>
          {t('action.save')}
        </Button>
        <Button size="small" onClick={row.cancel}>
          {t('action.cancel')}
        </Button>
      </Flex>
    ) : (
      <Flex gap={8} wrap vertical={vertical} align={vertical ? 'flex-start' : undefined}>
        <Button size="small" onClick={() => setViewing(event)}>
          {t('action.view')}
        </Button>
        {/* A withdrawn event is final (the server refuses a change): nothing to edit or publish. */}
        {!event.withdrawnAt && (
          <Button size="small" onClick={() => startEdit(event)} disabled={editing !== null}>
            {t('action.edit')}
          </Button>
        )}
        <Popconfirm
          title={t('delete.confirm')}
          description={
            deletingLeavesPeopleTold({ sent: event.published, withdrawnAt: event.withdrawnAt, at: event.dateTime })
              ? t('delete.sent')
              : undefined
          }
          styles={CONFIRM_STYLES}
          okText={t('delete.ok')}
          cancelText={t('delete.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutate(event._id, { onSuccess: () => toast.success(t('toast.deleted')) })}
        >
          <Button size="small" danger disabled={editing !== null}>
            {t('action.delete')}
          </Button>
        </Popconfirm>
      </Flex>
    );

  const events = list.data ?? [];
  const isEditing = (event: EventJson) => editing?.id === event._id;
  const columns: ColumnsType<EventJson> = [
    {
      key: 'heading',
      title: t('list.heading'),
      render: (_, e) => (isEditing(e) ? editors.heading() : both(e.heading, e.headingTa)),
    },
    {
      key: 'subHeading',
      title: t('list.subHeading'),
      render: (_, e) => (isEditing(e) ? editors.subHeading() : both(e.subHeading, e.subHeadingTa)),
    },
    {
      key: 'dateTime',
      title: t('list.dateTime'),
      width: 150,
      render: (_, e) => (isEditing(e) ? editors.dateTime() : formatEventDateTime(e.dateTime, i18n.language)),
    },
    {
      // Published and, under it, how far its notification went.
      key: 'published',
      title: t('list.published'),
      width: 230,
      render: (_, e) =>
        isEditing(e) ? (
          editors.published()
        ) : (
          <Flex vertical gap={8}>
            {tick(e)}
            <Flex vertical gap={2}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('delivery:status.title')}
              </Typography.Text>
              <DeliveryStatus id={e._id} status={delivery} kind="events" />
            </Flex>
            <EventSentActions event={e} status={delivery} />
          </Flex>
        ),
    },
    // Heading and sub heading take the rest of the width: the buttons stack in a narrow column.
    { key: 'actions', title: t('list.actions'), width: 120, render: (_, e) => actions(e, !isMobile) },
  ];

  return (
    <>
      <SectionList<EventJson>
        query={list}
        rows={events}
        loading={t('list.loading')}
        failed={
          <Alert
            type="error"
            showIcon
            title={t('list.error')}
            action={
              <Button size="small" onClick={() => list.refetch()}>
                {t('list.retry')}
              </Button>
            }
          />
        }
        empty={<Empty description={t('list.empty')} />}
        card={(e) => (
          <Card
            key={e._id}
            size="small"
            title={isEditing(e) ? t('action.edit') : e.heading}
            extra={isEditing(e) ? null : tick(e)}
          >
            {isEditing(e) ? (
              <Flex vertical gap={8}>
                {editors.heading()}
                {editors.subHeading()}
                {editors.dateTime()}
                {editors.link()}
                {editors.published()}
              </Flex>
            ) : (
              <Flex vertical gap={4}>
                {e.headingTa && <Typography.Text lang="ta">{e.headingTa}</Typography.Text>}
                {both(e.subHeading, e.subHeadingTa)}
                <Typography.Text type="secondary">{formatEventDateTime(e.dateTime, i18n.language)}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
                  {t('delivery:status.title')}
                </Typography.Text>
                <DeliveryStatus id={e._id} status={delivery} kind="events" />
                <EventSentActions event={e} status={delivery} />
              </Flex>
            )}
            <div style={{ marginTop: 12 }}>{actions(e)}</div>
          </Card>
        )}
        table={
          <Table<EventJson>
            rowKey="_id"
            columns={columns}
            dataSource={events}
            pagination={false}
            scroll={{ x: 900 }}
            expandable={{
              // The row being edited gets a second line for its link (docs/product/screens.md: inline edit adds link).
              expandedRowKeys: editing ? [editing.id] : [],
              expandedRowRender: () => (
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong>{t('field.link')}</Typography.Text>
                  <div style={{ flex: '1 1 320px', maxWidth: 560 }}>{editors.link()}</div>
                </Flex>
              ),
              showExpandColumn: false,
            }}
          />
        }
      />
      <EventViewModal event={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
