import { useToast } from '@ummahnotify/client';
import { DateFormItem, formRule, markServerErrors, readApiProblem } from '@ummahnotify/client/section';
import { COMMITTEE_POSITIONS, GENDERS } from '@ummahnotify/core';
import { committeeCreateSchema, RIGHTS } from '@ummahnotify/domain';
import { Button, Checkbox, Col, Form, Radio, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { NameAndContactFields, PostalField } from '../../common/PersonFields';
import { useSectionText } from '../../common/useSectionText';
import { COMMITTEE_FORM_FIELDS, type CommitteeFormValues, EMPTY_COMMITTEE_FORM, toCommitteeInput } from '../formValues';
import { useCreateCommitteeMember } from '../hooks';

/**
 * 'Committee Member Form' (docs/product/screens.md): first name, email, contact, birth date and postal required; the
 * digit hints are hints only. A backend user's Google account gets the chosen system rights.
 */
export function CommitteeForm() {
  const { t, say, schemaText, details } = useSectionText('committee');
  const toast = useToast();
  const [form] = Form.useForm<CommitteeFormValues>();
  const create = useCreateCommitteeMember();
  const rule = (field: string) =>
    formRule<CommitteeFormValues>(committeeCreateSchema, toCommitteeInput, field, schemaText);

  const submit = async (values: CommitteeFormValues) => {
    try {
      const answer = await create.mutateAsync(toCommitteeInput(values));
      if (answer.code !== 200 && answer.code !== 201) throw new Error(`code ${answer.code}`);
      toast.success(t('createSuccess'));
      form.resetFields();
    } catch (error) {
      console.error('Creating a committee member failed', error);
      markServerErrors(form, readApiProblem(error).errors, COMMITTEE_FORM_FIELDS, say);
      toast.error(
        <>
          {t('createFailed')}
          {details(error) && <div>{details(error)}</div>}
        </>,
      );
    }
  };

  return (
    <>
      <Typography.Title level={4}>{t('formTitle')}</Typography.Title>
      <Form form={form} layout="vertical" initialValues={EMPTY_COMMITTEE_FORM} onFinish={submit} requiredMark>
        <Row gutter={16}>
          <NameAndContactFields t={t} rule={rule} contactRequired />
          <Col xs={24} md={12}>
            <DateFormItem
              name="birthDate"
              label={t('field.birthDate')}
              required
              rules={[rule('birthDate')]}
              field={{
                placeholder: t('field.birthDatePlaceholder'),
                style: { width: '100%' },
                disabledDate: (d) => d.isAfter(dayjs(), 'day'),
              }}
            />
          </Col>
          <PostalField t={t} rule={rule} />
          <Col xs={24} md={12}>
            <Form.Item name="gender" label={t('field.gender')}>
              <Radio.Group options={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="rights" label={t('field.rights')}>
              <Select options={RIGHTS.map((r) => ({ value: r, label: t(`common:rights.${r}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="position" label={t('field.position')}>
              <Select options={COMMITTEE_POSITIONS.map((p) => ({ value: p, label: t(`position.${p}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="backendUser" valuePropName="checked" label=" " colon={false} extra={t('hint.backendUser')}>
              <Checkbox>{t('field.backendUser')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {create.isPending ? t('creating') : t('submit')}
        </Button>
      </Form>
    </>
  );
}
