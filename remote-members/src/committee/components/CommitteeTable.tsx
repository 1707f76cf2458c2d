import { useToast } from '@ummahnotify/client';
import {
  DateField,
  dateTextOf,
  isForbidden,
  pagesOf,
  pickerDateOf,
  SectionList,
  useRowDraft,
} from '@ummahnotify/client/section';
import { COMMITTEE_POSITIONS, formatDateOnly } from '@ummahnotify/core';
import type { CommitteeMember } from '@ummahnotify/domain';
import { App, Button, Card, Checkbox, Empty, Flex, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { KeyboardEvent, ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadFailed } from '../../common/LoadFailed';
import { rowAnimation } from '../../common/rowAnimation';
import { useSectionText } from '../../common/useSectionText';
import { useCommittee, useDeleteCommitteeMember, useUpdateCommitteeMember } from '../hooks';
import { changedFields, draftOf, missingFields, type RowDraft } from '../rowDraft';
import { RoleAssign } from './RoleAssign';

/**
 * The members management table (docs/product/screens.md, data.md#row-edit-in-the-lists): an editable table at md and up, cards below.
 * One row in edit at a time; save is blocked (fields marked) while first name, last name or email is
 * empty; delete asks first; each row has its role-assign control; rows animate in 0.05 s apart.
 */
export function CommitteeTable() {
  const { t, i18n, details } = useSectionText('committee');
  const toast = useToast();
  const { modal } = App.useApp();
  const committee = useCommittee();
  const update = useUpdateCommitteeMember();
  const remove = useDeleteCommitteeMember();
  const row = useRowDraft<RowDraft>();
  const editing = row.editingId && row.draft ? { id: row.editingId, draft: row.draft } : null;

  if (committee.isError && isForbidden(committee.error)) return <Navigate to="/" replace />;
  const list = committee.data?.code === 200 ? committee.data.data : [];

  const name = (m: CommitteeMember) => `${m.fName} ${m.lName}`.trim();
  const startEdit = (m: CommitteeMember) => row.start(m._id, draftOf(m));
  const cancelEdit = row.cancel;
  const setDraft = row.change;

  const save = async (m: CommitteeMember) => {
    if (!editing) return;
    const missing = missingFields(editing.draft);
    if (missing.length > 0) {
      row.refuse(Object.fromEntries(missing.map((f) => [f, '']))); // docs/product/rules.md: blocked without a message; the empty fields are marked
      return;
    }
    const changes = changedFields(m, editing.draft);
    cancelEdit();
    if (Object.keys(changes).length === 0) return;
    try {
      await update.mutateAsync({ id: m._id, changes });
      toast.success(t('saveSuccess'));
    } catch (error) {
      console.error('Saving a committee member failed', error);
      toast.error(
        <>
          {t('saveFailed')}
          {details(error) && <div>{details(error)}</div>}
        </>,
      );
    }
  };

  const confirmDelete = (m: CommitteeMember) =>
    modal.confirm({
      title: t('deleteConfirm'),
      content: `${name(m)} · ${m.email}`,
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(m._id);
          toast.success(t('deleteSuccess'));
        } catch (error) {
          console.error('Deleting a committee member failed', error);
          toast.error(
            <>
              {t('deleteFailed')}
              {details(error) && <div>{details(error)}</div>}
            </>,
          );
        }
      },
    });

  const isEditing = (m: CommitteeMember) => editing?.id === m._id;
  const keys = (m: CommitteeMember) => (e: KeyboardEvent) => {
    if (e.key === 'Enter') void save(m);
    if (e.key === 'Escape') cancelEdit();
  };

  const textCell = (m: CommitteeMember, field: 'fName' | 'lName' | 'email' | 'contact', label: string): ReactNode => {
    if (!isEditing(m) || !editing) return field === 'contact' ? m.contact || '—' : m[field];
    const invalid = field in row.problems;
    return (
      <Input
        value={editing.draft[field]}
        onChange={(e) => setDraft({ [field]: e.target.value })}
        onKeyDown={keys(m)}
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid}
        aria-label={label}
        placeholder={invalid ? t('required') : undefined}
        type={field === 'email' ? 'email' : field === 'contact' ? 'tel' : 'text'}
      />
    );
  };
  const positionCell = (m: CommitteeMember) =>
    isEditing(m) && editing ? (
      <Select
        value={editing.draft.position}
        onChange={(position) => setDraft({ position })}
        aria-label={t('col.position')}
        style={{ width: '100%' }}
        popupMatchSelectWidth={false}
        options={COMMITTEE_POSITIONS.map((p) => ({ value: p, label: t(`position.${p}`) }))}
      />
    ) : (
      t(`position.${m.position}`)
    );
  const backendCell = (m: CommitteeMember) => {
    if (isEditing(m) && editing) {
      return (
        <Checkbox checked={editing.draft.backendUser} onChange={(e) => setDraft({ backendUser: e.target.checked })}>
          {t('col.backendUser')}
        </Checkbox>
      );
    }
    if (!m.backendUser) return t('no');
    const rights = <Tag color={m.rights === 'none' ? 'default' : 'blue'}>{t(`common:rights.${m.rights}`)}</Tag>;
    return (
      <Space size={4} wrap>
        {t('yes')}
        {m.userId ? rights : <Tooltip title={t('noAccountYet')}>{rights}</Tooltip>}
      </Space>
    );
  };
  const birthCell = (m: CommitteeMember) =>
    isEditing(m) && editing ? (
      <DateField
        value={pickerDateOf(editing.draft.birthDate)}
        onChange={(d) => setDraft({ birthDate: dateTextOf(d) ?? editing.draft.birthDate })}
        allowClear={false}
        aria-label={t('col.birthDate')}
      />
    ) : (
      formatDateOnly(m.birthDate, i18n.language)
    );
  const actionsCell = (m: CommitteeMember) => (
    <Flex vertical gap={8}>
      {isEditing(m) ? (
        <Space wrap>
          <Button size="small" type="primary" onClick={() => save(m)}>
            {t('save')}
          </Button>
          <Button size="small" onClick={cancelEdit}>
            {t('cancel')}
          </Button>
        </Space>
      ) : (
        <Space wrap>
          <Button size="small" onClick={() => startEdit(m)} aria-label={t('editRow', { name: name(m) })}>
            {t('edit')}
          </Button>
          <Button size="small" danger onClick={() => confirmDelete(m)} aria-label={t('deleteRow', { name: name(m) })}>
            {t('delete')}
          </Button>
        </Space>
      )}
      <RoleAssign key={`${m._id}-${m.rights}`} member={m} />
    </Flex>
  );

  const columns: ColumnsType<CommitteeMember> = [
    { key: 'number', title: t('col.number'), width: 56, render: (_v, m) => list.indexOf(m) + 1 },
    { key: 'fName', title: t('col.fName'), render: (_v, m) => textCell(m, 'fName', t('col.fName')) },
    { key: 'lName', title: t('col.lName'), render: (_v, m) => textCell(m, 'lName', t('col.lName')) },
    {
      key: 'email',
      title: t('col.email'),
      // An address has no space to break at: without this it holds its column at its whole width.
      onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
      render: (_v, m) => textCell(m, 'email', t('col.email')),
    },
    { key: 'contact', title: t('col.contact'), render: (_v, m) => textCell(m, 'contact', t('col.contact')) },
    { key: 'position', title: t('col.position'), render: (_v, m) => positionCell(m) },
    { key: 'backendUser', title: t('col.backendUser'), render: (_v, m) => backendCell(m) },
    { key: 'birthDate', title: t('col.birthDate'), render: (_v, m) => birthCell(m) },
    { key: 'actions', title: t('col.actions'), width: 176, render: (_v, m) => actionsCell(m) },
  ];
  return (
    <SectionList<CommitteeMember>
      query={committee}
      rows={list}
      loading={t('loading')}
      failed={
        <LoadFailed title={t('loadError')} details={details(committee.error)} onRetry={() => committee.refetch()} />
      }
      empty={<Empty description={t('noMembers')} />}
      cardsTestId="committee-cards"
      card={(m, i) => (
        <Card key={m._id} data-id={m._id} size="small" {...rowAnimation(i)} title={`${i + 1}. ${name(m)}`}>
          <Flex vertical gap={8}>
            <CardLine label={t('col.fName')}>{textCell(m, 'fName', t('col.fName'))}</CardLine>
            <CardLine label={t('col.lName')}>{textCell(m, 'lName', t('col.lName'))}</CardLine>
            <CardLine label={t('col.email')}>{textCell(m, 'email', t('col.email'))}</CardLine>
            <CardLine label={t('col.contact')}>{textCell(m, 'contact', t('col.contact'))}</CardLine>
            <CardLine label={t('col.position')}>{positionCell(m)}</CardLine>
            <CardLine label={t('col.backendUser')}>{backendCell(m)}</CardLine>
            <CardLine label={t('col.birthDate')}>{birthCell(m)}</CardLine>
            {actionsCell(m)}
          </Flex>
        </Card>
      )}
      table={
        <Table<CommitteeMember>
          rowKey="_id"
          size="middle"
          columns={columns}
          dataSource={list}
          pagination={pagesOf(list.length, 50)}
          // No sideways scroll at 1280 px beside the menu: the cells wrap (an email address too) and
          // the actions stack in their column, so every column of docs/product/screens.md stays in view.
          onRow={(_m, i) => rowAnimation(i ?? 0)}
        />
      }
    />
  );
}

function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text type="secondary" style={{ minWidth: 96 }}>
        {label}
      </Typography.Text>
      {/* Under the label when both do not fit (a Tamil rights tag ran past a 320 px card). */}
      <div style={{ flex: '1 1 160px', minWidth: 0 }}>{children}</div>
    </Flex>
  );
}
