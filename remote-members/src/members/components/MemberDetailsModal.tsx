import { useToast } from '@ummahnotify/client';
import { markServerErrors, readApiProblem } from '@ummahnotify/client/section';
import { formatMoment } from '@ummahnotify/core';
import type { Member, MembershipStatus } from '@ummahnotify/domain';
import { Badge, Button, Descriptions, Form, Modal, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useSectionText } from '../../common/useSectionText';
import type { MemberChanges } from '../api';
import { MEMBER_FORM_FIELDS, type MemberFormValues, toMemberInput, toModalValues } from '../formValues';
import { useUpdateMember, useVerifyMember } from '../hooks';
import { MemberFields } from './MemberFields';
import { PositionTag } from './PositionTag';

const STATUS_BADGE: Record<MembershipStatus, 'success' | 'warning' | 'default'> = {
  active: 'success',
  pending: 'warning',
  inactive: 'default',
};

/** The fields the modal's edit mode changes (docs/product/screens.md); the rest of the record stays as it is. */
function changesFrom(values: MemberFormValues): MemberChanges {
  const input = toMemberInput(values);
  return {
    fName: input.fName,
    lName: input.lName,
    email: input.email,
    contact: input.contact,
    position: values.position,
    isPartner: input.isPartner,
    businessName: input.businessName,
    uen: input.uen,
    isVolunteer: input.isVolunteer,
    isVerified: input.isVerified,
  };
}

/** 'Member Details' (docs/product/screens.md, data.md): view mode, the Edit toggle to edit mode and back; Save closes on success. */
export function MemberDetailsModal({
  member,
  onClose,
  onRevoke,
}: {
  member: Member;
  onClose: () => void;
  onRevoke: () => void;
}) {
  const { t, i18n, say, details } = useSectionText('members');
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<MemberFormValues>();
  const update = useUpdateMember();
  const verify = useVerifyMember();
  const yesNo = (v: boolean) => (v ? t('common:yes') : t('common:no'));

  const startEditing = (on: boolean) => {
    if (on) {
      form.resetFields();
      form.setFieldsValue(toModalValues(member));
    }
    setEditing(on);
  };

  const save = async () => {
    let values: MemberFormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true);
    } catch {
      return; // the fields show what is wrong
    }
    try {
      await update.mutateAsync({ id: member._id, changes: changesFrom(values) });
      toast.success(t('updateSuccess'));
      onClose();
    } catch (error) {
      console.error('Updating a member failed', error);
      markServerErrors(form, readApiProblem(error).errors, MEMBER_FORM_FIELDS, say);
      toast.error(
        <>
          {t('updateFailed')}
          {details(error) && <div>{details(error)}</div>}
        </>,
      );
    }
  };

  const toggleVerified = async () => {
    const verified = !member.isVerified;
    try {
      await verify.mutateAsync({ id: member._id, verified });
      toast.success(verified ? t('verifySuccess') : t('unverifySuccess'));
    } catch (error) {
      console.error('Changing verification failed', error);
      toast.error(
        <>
          {t('verifyFailed')}
          {details(error) && <div>{details(error)}</div>}
        </>,
      );
    }
  };

  const footer = editing
    ? [
        <Button key="cancel" onClick={() => startEditing(false)}>
          {t('cancel')}
        </Button>,
        <Button key="save" type="primary" loading={update.isPending} onClick={save}>
          {update.isPending ? t('saving') : t('save')}
        </Button>,
      ]
    : [
        <Button key="revoke" danger onClick={onRevoke}>
          {t('revoke')}
        </Button>,
        <Button key="verify" loading={verify.isPending} onClick={toggleVerified}>
          {member.isVerified ? t('unverify') : t('verify')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('close')}
        </Button>,
      ];

  return (
    <Modal open title={t('detailsTitle')} onCancel={onClose} footer={footer} width={720} destroyOnHidden>
      {/* The whole row is the tap target (40 px high on a phone: phone.css), not only the 22 px switch. */}
      <label className="un-toggle-row" htmlFor="member-edit-toggle" style={{ marginBottom: 16 }}>
        <Switch checked={editing} onChange={startEditing} aria-label={t('editToggle')} id="member-edit-toggle" />
        {t('editToggle')}
      </label>
      <Form form={form} layout="vertical" initialValues={toModalValues(member)} requiredMark hidden={!editing}>
        <MemberFields variant="modal" />
      </Form>
      {!editing && (
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
          <Descriptions.Item label={t('field.name')}>{`${member.fName} ${member.lName}`.trim()}</Descriptions.Item>
          <Descriptions.Item label={t('field.membershipStatus')}>
            <Badge
              status={STATUS_BADGE[member.membershipStatus] ?? 'default'}
              text={t(`status.${member.membershipStatus}`)}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('field.email')}>{member.email}</Descriptions.Item>
          <Descriptions.Item label={t('field.contact')}>{member.contact || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.position')}>
            <PositionTag position={member.position} />
          </Descriptions.Item>
          <Descriptions.Item label={t('field.partner')}>{yesNo(member.isPartner)}</Descriptions.Item>
          <Descriptions.Item label={t('field.businessName')}>{member.businessName || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.uen')}>{member.uen || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.volunteer')}>{yesNo(member.isVolunteer)}</Descriptions.Item>
          <Descriptions.Item label={t('field.isVerified')}>
            <Tag color={member.isVerified ? 'green' : 'default'}>
              {member.isVerified ? t('verified') : t('notVerified')}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('field.registerOn')}>
            {formatMoment(member.registerOn, i18n.language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.createdAt')}>
            {formatMoment(member.createdAt, i18n.language)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
