import { DeleteOutlined, EditOutlined, LockOutlined } from '@ant-design/icons';
import { CONFIRM_STYLES, useSectionText } from '@ummahnotify/client/section';
import { isPersonalDataRemoved } from '@ummahnotify/core';
import { deletingLeavesPeopleTold, type JanazaNotice } from '@ummahnotify/domain';
import { Button, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { assetUrl } from '../assetUrl';
import type { JanazaDraft, RowEdit } from '../hooks/useRowEdit';
import { ImagePicker } from './ImagePicker';
import { JanazaAvatar } from './JanazaAvatar';
import { fieldsWhere, type InlineField, type JanazaPartName } from './JanazaFields';
import { StatusBadge } from './StatusBadge';

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

/** The editors of the table's fields (JanazaFields) that inline edit shows in this part, each with its problem. */
function RowEditors({ part, draft, edit }: { part: JanazaPartName; draft: JanazaDraft; edit: RowEdit }) {
  const { t } = useSectionText('janaza');
  return fieldsWhere((field) => field.row?.part === part).map(({ name, control: Control }) => (
    <Fragment key={name}>
      <Control
        where="row"
        value={draft[name as InlineField]}
        onChange={(value) => edit.change({ [name]: value })}
        aria-label={t(`field.${name}`)}
        status={edit.errors[name as InlineField] ? 'error' : undefined}
      />
      <FieldError text={edit.errors[name as InlineField]} />
    </Fragment>
  ));
}

/** What the table's fields of this part show of themselves when their part does not draw them. */
function shownFields(part: JanazaPartName, notice: JanazaNotice): ReactNode[] {
  return fieldsWhere((field) => field.row?.part === part && field.row.show !== undefined).map(({ name, row }) => (
    <Fragment key={name}>{row?.show?.(notice)}</Fragment>
  ));
}

/** One part of one notice, shown as it is or, for the row being edited, as its editors. */
export function JanazaPart(props: Props) {
  const shown = shownFields(props.part, props.notice);
  const editing = props.edit.editingId === props.notice._id && props.edit.draft;
  const view = <PartView {...props} />;
  return shown.length > 0 && !editing ? (
    <Flex vertical gap={4}>
      {view}
      {shown}
    </Flex>
  ) : (
    view
  );
}

function PartView({ part, notice, edit, onDelete, layout = 'table' }: Props) {
  const { t } = useSectionText('janaza');
  const { t: common } = useTranslation('common');
  const draft = edit.editingId === notice._id && edit.draft ? edit.draft : null;
  const editors = draft ? <RowEditors part={part} draft={draft} edit={edit} /> : null;
  const label = (key: string) => `${t(key)} (${notice.name})`;

  switch (part) {
    case 'profile':
      if (draft) {
        return (
          <Flex vertical gap={6}>
            <ImagePicker
              compact
              value={draft.image}
              onChange={(image) => edit.change({ image })}
              currentUrl={assetUrl(notice.thumbnailUrl ?? notice.imageUrl)}
              chooseLabel={t('field.replaceImage')}
            />
            <FieldError text={edit.errors.image} />
            {editors}
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
      if (draft) {
        return (
          <Flex vertical gap={6}>
            {editors}
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
            {draft && (
              <Tooltip title={t('field.postalLocked')}>
                <LockOutlined aria-label={t('field.postalLocked')} style={{ marginInlineStart: 6, color: '#8c8c8c' }} />
              </Tooltip>
            )}
          </Typography.Text>
          {notice.address && <Typography.Text type="secondary">{notice.address}</Typography.Text>}
          {editors}
        </Flex>
      );

    case 'details':
      return (
        <Flex vertical gap={4}>
          <Typography.Text strong>{notice.providerName}</Typography.Text>
          {notice.contact && (
            <Typography.Link href={`tel:${notice.contact.replace(/\s/g, '')}`}>{notice.contact}</Typography.Link>
          )}
          {editors ?? (
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
      return editors ?? <StatusBadge status={notice.status} />;

    case 'actions':
      return (
        <Actions
          notice={notice}
          edit={edit}
          onDelete={onDelete}
          editing={Boolean(draft)}
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
      {/* A withdrawn notice is final (the server refuses a change): nothing to edit. */}
      {!notice.withdrawnAt && (
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
      )}
      <Popconfirm
        title={t('confirmDelete')}
        description={
          deletingLeavesPeopleTold({
            sent: notice.status === 'approved',
            withdrawnAt: notice.withdrawnAt,
            at: notice.dueDate,
          })
            ? t('confirmDeleteSent')
            : undefined
        }
        styles={CONFIRM_STYLES}
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
