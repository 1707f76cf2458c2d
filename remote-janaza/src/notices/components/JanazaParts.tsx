import { DeleteOutlined, EditOutlined, LockOutlined } from '@ant-design/icons';
import { useSectionText } from '@ummahnotify/client/section';
import { GENDERS, isPersonalDataRemoved, NOTIFICATION_STATUSES } from '@ummahnotify/core';
import type { JanazaNotice } from '@ummahnotify/domain';
import { Button, Checkbox, Flex, Input, InputNumber, Popconfirm, Select, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { assetUrl } from '../assetUrl';
import type { JanazaDraft, RowEdit } from '../hooks/useRowEdit';
import { ImagePicker } from './ImagePicker';
import { JanazaAvatar } from './JanazaAvatar';
import { StatusBadge } from './StatusBadge';

/** The parts of a notice the table shows as columns and the cards as sections (docs/product/screens.md). */
export type JanazaPartName = 'profile' | 'personal' | 'location' | 'details' | 'status' | 'actions';

interface Props {
  part: JanazaPartName;
  notice: JanazaNotice;
  edit: RowEdit;
  onDelete: (notice: JanazaNotice) => void;
  /** Table cells stack their buttons; cards lay them out in a row. */
  layout?: 'table' | 'card';
}

function FieldError({ text }: { text?: string }) {
  return text ? (
    <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  ) : null;
}

/** One part of one notice, shown as it is or, for the row being edited, as its editors. */
export function JanazaPart({ part, notice, edit, onDelete, layout = 'table' }: Props) {
  const { t } = useSectionText('janaza');
  const { t: common } = useTranslation('common');
  const editing = edit.editingId === notice._id && edit.draft ? edit.draft : null;
  const set = (patch: Partial<JanazaDraft>) => edit.change(patch);
  const label = (key: string) => `${t(key)} (${notice.name})`;

  switch (part) {
    case 'profile':
      if (editing) {
        return (
          <Flex vertical gap={6}>
            <ImagePicker
              compact
              value={editing.image}
              onChange={(image) => set({ image })}
              currentUrl={assetUrl(notice.thumbnailUrl ?? notice.imageUrl)}
              chooseLabel={t('field.replaceImage')}
            />
            <FieldError text={edit.errors.image} />
            <Input
              aria-label={t('field.name')}
              value={editing.name}
              maxLength={120}
              status={edit.errors.name ? 'error' : undefined}
              onChange={(e) => set({ name: e.target.value })}
            />
            <FieldError text={edit.errors.name} />
          </Flex>
        );
      }
      return (
        <Flex gap={10} align="center">
          <span style={{ flexShrink: 0 }}>
            <JanazaAvatar notice={notice} />
          </span>
          {isPersonalDataRemoved(notice.name) ? (
            // Retention (README): the name was removed; the marker is shown as the reader's language says it.
            <Typography.Text type="secondary">{common('personalDataRemoved')}</Typography.Text>
          ) : (
            <Typography.Text strong>{notice.name}</Typography.Text>
          )}
        </Flex>
      );

    case 'personal':
      if (editing) {
        return (
          <Flex vertical gap={6}>
            <InputNumber
              aria-label={t('field.age')}
              value={editing.age}
              inputMode="numeric"
              status={edit.errors.age ? 'error' : undefined}
              onChange={(age) => set({ age: typeof age === 'number' ? age : null })}
              style={{ width: '100%' }}
            />
            <FieldError text={edit.errors.age} />
            <Select
              aria-label={t('field.gender')}
              value={editing.gender}
              onChange={(gender) => set({ gender })}
              options={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))}
            />
            <Checkbox checked={editing.isPrivacy} onChange={(e) => set({ isPrivacy: e.target.checked })}>
              {t('field.isPrivacy')}
            </Checkbox>
          </Flex>
        );
      }
      return (
        <Flex vertical gap={4} align="flex-start">
          <Typography.Text>
            {t('ageLine', { age: notice.age })} · {t(`gender.${notice.gender}`)}
          </Typography.Text>
          <Tag color={notice.isPrivacy ? 'purple' : 'default'}>{notice.isPrivacy ? t('private') : t('public')}</Tag>
        </Flex>
      );

    case 'location':
      return (
        <Flex vertical gap={2}>
          <Typography.Text>
            {t('postalLine', { postal: notice.postal })}
            {editing && (
              <Tooltip title={t('field.postalLocked')}>
                <LockOutlined aria-label={t('field.postalLocked')} style={{ marginInlineStart: 6, color: '#8c8c8c' }} />
              </Tooltip>
            )}
          </Typography.Text>
          {notice.address && <Typography.Text type="secondary">{notice.address}</Typography.Text>}
        </Flex>
      );

    case 'details':
      return (
        <Flex vertical gap={4}>
          <Typography.Text strong>{notice.providerName}</Typography.Text>
          {notice.contact && (
            <Typography.Link href={`tel:${notice.contact.replace(/\s/g, '')}`}>{notice.contact}</Typography.Link>
          )}
          {editing ? (
            <>
              <Input.TextArea
                aria-label={t('field.note')}
                value={editing.note}
                rows={2}
                maxLength={2000}
                status={edit.errors.note ? 'error' : undefined}
                onChange={(e) => set({ note: e.target.value })}
              />
              <FieldError text={edit.errors.note} />
            </>
          ) : (
            <Typography.Paragraph
              type={notice.note ? undefined : 'secondary'}
              ellipsis={{ rows: 3, tooltip: notice.note }}
              style={{ margin: 0 }}
            >
              {notice.note || t('noNote')}
            </Typography.Paragraph>
          )}
        </Flex>
      );

    case 'status':
      if (editing) {
        return (
          <>
            <Select
              aria-label={t('field.status')}
              value={editing.status}
              onChange={(status) => set({ status })}
              options={NOTIFICATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              popupMatchSelectWidth={false}
              style={{ width: '100%', minWidth: 100 }}
            />
            <FieldError text={edit.errors.status} />
          </>
        );
      }
      return <StatusBadge status={notice.status} />;

    case 'actions':
      return (
        <Actions
          notice={notice}
          edit={edit}
          onDelete={onDelete}
          editing={Boolean(editing)}
          label={label}
          vertical={layout === 'table'}
        />
      );
  }
}

function Actions({
  notice,
  edit,
  onDelete,
  editing,
  label,
  vertical,
}: Omit<Props, 'part' | 'layout'> & {
  editing: boolean;
  label: (key: string) => string;
  vertical: boolean;
}): ReactNode {
  const { t } = useSectionText('janaza');
  if (editing) {
    return (
      <Flex gap={8} vertical={vertical} wrap>
        <Button type="primary" onClick={edit.save} aria-label={label('saveRow')}>
          {t('saveRow')}
        </Button>
        <Button onClick={edit.cancel} aria-label={label('cancelRow')}>
          {t('cancelRow')}
        </Button>
      </Flex>
    );
  }
  const busyElsewhere = edit.editingId !== null;
  return (
    <Flex gap={8} vertical={vertical} wrap>
      <Tooltip title={busyElsewhere ? t('editingOther') : undefined}>
        <Button
          icon={<EditOutlined />}
          disabled={busyElsewhere}
          onClick={() => edit.start(notice)}
          aria-label={label('editRow')}
        >
          {t('editRow')}
        </Button>
      </Tooltip>
      <Popconfirm
        title={t('confirmDelete')}
        okText={t('confirmYes')}
        cancelText={t('confirmNo')}
        okButtonProps={{ danger: true }}
        onConfirm={() => onDelete(notice)}
      >
        <Button danger icon={<DeleteOutlined />} aria-label={label('deleteRow')}>
          {t('deleteRow')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
