import type { FormRule } from 'antd';
import { Col, Form, Input } from 'antd';
import type { TFunction } from 'i18next';

interface PersonFieldsProps {
  /** The section's texts (members or committee): both name these fields alike (field.*, hint.*). */
  t: TFunction<'members' | 'committee'>;
  /** The shared schema's rule for one field (formRule). */
  rule: (field: string) => FormRule;
  /** A committee member must give a contact number; a member need not. */
  contactRequired?: boolean;
}

/** Name, email and contact number of a person, as the member and committee forms ask for them. */
export function NameAndContactFields({ t, rule, contactRequired = false }: PersonFieldsProps) {
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="fName" label={t('field.fName')} required rules={[rule('fName')]}>
          <Input autoComplete="given-name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="lName" label={t('field.lName')} rules={[rule('lName')]}>
          <Input autoComplete="family-name" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="email" label={t('field.email')} required rules={[rule('email')]}>
          <Input type="email" inputMode="email" autoComplete="email" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="contact"
          label={t('field.contact')}
          extra={t('hint.contact')}
          required={contactRequired}
          rules={[rule('contact')]}
        >
          <Input type="tel" inputMode="tel" autoComplete="tel" />
        </Form.Item>
      </Col>
    </>
  );
}

/** The postal code: required, six digits (the hint says so). */
export function PostalField({ t, rule }: Omit<PersonFieldsProps, 'contactRequired'>) {
  return (
    <Col xs={24} md={12}>
      <Form.Item name="postal" label={t('field.postal')} extra={t('hint.postal')} required rules={[rule('postal')]}>
        <Input inputMode="numeric" autoComplete="postal-code" />
      </Form.Item>
    </Col>
  );
}
