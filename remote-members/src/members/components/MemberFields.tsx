import { DateFormItem, formRule } from '@ummahnotify/client/section';
import { memberCreateSchema, needsBusinessDetails } from '@ummahnotify/domain';
import { Checkbox, Col, Form, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { NameAndContactFields, PostalField } from '../../common/PersonFields';
import { useSectionText } from '../../common/useSectionText';
import { type MemberFormValues, toMemberInput } from '../formValues';

/**
 * The member fields shared by the create form and the Member Details modal's edit mode. `variant`
 * picks the position choices (create: member / partner / masjid; modal: member / Masjid (admin) /
 * Partner (moderator), docs/product/screens.md) and which fields show (the modal edits no postal code or birth date).
 */
export function MemberFields({ variant }: { variant: 'create' | 'modal' }) {
  const { t, schemaText } = useSectionText('members');
  const form = Form.useFormInstance<MemberFormValues>();
  const isPartner = Form.useWatch('isPartner', form);
  const position = Form.useWatch('position', form);
  const partner = needsBusinessDetails({ isPartner, position });
  const rule = (field: string) => formRule<MemberFormValues>(memberCreateSchema, toMemberInput, field, schemaText);

  const positions =
    variant === 'create'
      ? [
          { value: 'member', label: t('position.member') },
          { value: 'partner', label: t('position.partner') },
          { value: 'masjid', label: t('position.masjid') },
        ]
      : [
          { value: 'member', label: t('position.member') },
          { value: 'admin', label: t('position.masjid') },
          { value: 'moderator', label: t('position.partner') },
        ];

  return (
    <Row gutter={16}>
      <NameAndContactFields t={t} rule={rule} />
      {variant === 'create' && (
        <>
          <Col xs={24} md={12}>
            <DateFormItem
              name="dateofBirth"
              label={t('field.dateofBirth')}
              rules={[rule('dateofBirth')]}
              field={{
                placeholder: t('hint.dateofBirth'),
                style: { width: '100%' },
                disabledDate: (d) => d.isAfter(dayjs(), 'day'),
              }}
            />
          </Col>
          <PostalField t={t} rule={rule} />
        </>
      )}
      <Col xs={24} md={12}>
        <Form.Item name="position" label={t('field.position')}>
          <Select options={positions} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label=" " colon={false} style={{ marginBottom: 0 }}>
          <Form.Item name="isVerified" valuePropName="checked" noStyle>
            <Checkbox>{t('field.isVerified')}</Checkbox>
          </Form.Item>
          <Form.Item name="isPartner" valuePropName="checked" noStyle>
            <Checkbox>{t('field.isPartner')}</Checkbox>
          </Form.Item>
          <Form.Item name="isVolunteer" valuePropName="checked" noStyle>
            <Checkbox>{t('field.isVolunteer')}</Checkbox>
          </Form.Item>
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="businessName"
          label={t('field.businessName')}
          required={partner}
          extra={partner ? t('hint.partner') : undefined}
          dependencies={['isPartner', 'position']}
          rules={[rule('businessName')]}
        >
          <Input autoComplete="organization" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="uen"
          label={t('field.uen')}
          required={partner}
          extra={t('hint.uen')}
          dependencies={['isPartner', 'position']}
          rules={[rule('uen')]}
        >
          <Input style={{ textTransform: 'uppercase' }} />
        </Form.Item>
      </Col>
    </Row>
  );
}
