import { currentLanguage, useToast } from '@ummahnotify/client';
import {
  askToConfirm,
  fieldRule,
  markServerErrors,
  readApiProblem,
  useSectionText,
  wallClockOrValue,
} from '@ummahnotify/client/section';
import { GENDERS, POSTAL_CODE_DIGITS } from '@ummahnotify/core';
import { JANAZA_DEFAULTS, type JanazaCreate, janazaCreateFields, janazaCreateSchema } from '@ummahnotify/domain';
import { Alert, App, Button, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useCreateJanaza, useProviders } from '../hooks/queries';
import { useDuplicateWarning } from '../hooks/useDuplicateWarning';
import { DuplicateWarning } from './DuplicateWarning';
import { ImagePicker, imageProblem } from './ImagePicker';
import { JanazaTimeFields, pastTimeAsked, type TimeValues, timeWire } from './JanazaTimeFields';

/** What the form holds: a new notice's fields (age is empty while typing), its time as pickers, the photo. */
type FormValues = Partial<Omit<JanazaCreate, 'age' | keyof TimeValues>> &
  TimeValues & { age?: number | null; contact?: string; image?: File };

/**
 * docs/product/data.md: after creation the form resets to a new notice's defaults (gender male, not private), no
 * provider. The time
 * is first offered as "after a prayer", the way a janaza prayer is announced.
 */
const INITIAL: FormValues = { ...JANAZA_DEFAULTS, timeKind: 'prayer' };
const FIELDS = [
  'provider',
  'image',
  'name',
  'age',
  'postal',
  'gender',
  'isPrivacy',
  'dueDate',
  'prayer',
  'prayerDate',
  'note',
] as const;

/** 'Create Janaza Notification' (docs/product/screens.md): validated by the shared schema before anything is sent. */
export function CreateJanazaForm() {
  const { t, say, schemaText, problemText } = useSectionText('janaza');
  const toast = useToast();
  const { modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const providers = useProviders();
  const create = useCreateJanaza();
  const duplicate = useDuplicateWarning();

  useEffect(() => {
    if (providers.isError) {
      // docs/product/errors.md: a provider fetch failure is logged; the user also sees why the list is empty.
      console.error('Provider fetch failed', providers.error);
      toast.error(t('providersLoadFailed'));
    }
  }, [providers.isError, providers.error, toast, t]);

  const onProviderChange = (id: string | undefined) => {
    const chosen = providers.data?.find((p) => p._id === id);
    form.setFieldValue('contact', chosen?.contact ?? '');
  };

  const onFinish = async (values: FormValues) => {
    const { timeKind: _kind, prayer: _prayer, prayerDate: _day, dueDate: _due, ...rest } = values;
    const parsed = janazaCreateSchema.safeParse({ ...rest, ...timeWire(values) });
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues
          .filter((i) => (FIELDS as readonly unknown[]).includes(i.path[0]))
          .map((i) => ({ name: i.path[0] as (typeof FIELDS)[number], errors: [schemaText(i.message)] })),
      );
      return;
    }
    const confirmDuplicate = duplicate.confirming();
    // A time already past makes an expired notice; asked once (not again on "Create anyway").
    const past = confirmDuplicate ? undefined : await pastTimeAsked(values, currentLanguage());
    if (past) {
      const saveAnyway = await askToConfirm(modal, {
        title: t('past.title'),
        content: t('past.body', { when: past }),
        okText: t('past.save'),
        cancelText: t('past.back'),
      });
      if (!saveAnyway) return;
    }
    try {
      const answer = await create.mutateAsync({ values: parsed.data, image: values.image, confirmDuplicate });
      if (answer?.code !== 200 && answer?.code !== 201) {
        toast.error(t('createFailed'));
        return;
      }
      toast.success(t('created'));
      form.resetFields();
      duplicate.clear();
    } catch (error) {
      if (duplicate.caught(error)) return; // the warning below lists the close notices
      const problem = readApiProblem(error);
      if (problem.kind === 'failed') {
        console.error('Error creating notification', error);
        toast.error(t('createError'));
        return;
      }
      const marked = markServerErrors(form, problem.errors, FIELDS, say);
      const reason = marked === 0 ? problemText(problem) : undefined;
      toast.error(
        <>
          {t('createFailed')}
          {reason ? <div>{reason}</div> : null}
        </>,
      );
    }
  };

  const ruleOf = (field: keyof typeof janazaCreateFields, toWire?: (v: unknown) => unknown) =>
    fieldRule(janazaCreateFields[field], schemaText, toWire);

  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('createTitle')}
      </Typography.Title>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={INITIAL}
        onFinish={onFinish}
        requiredMark
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="provider"
              label={t('field.provider')}
              required
              rules={[ruleOf('provider', (v) => v ?? '')]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                placeholder={t('field.providerPlaceholder')}
                loading={providers.isLoading}
                options={providers.data?.map((p) => ({ value: p._id, label: p.businessName }))}
                notFoundContent={providers.isSuccess ? t('noProviders') : undefined}
                onChange={onProviderChange}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contact" label={t('field.contact')}>
              <Input readOnly tabIndex={-1} variant="filled" />
            </Form.Item>
          </Col>
        </Row>
        {providers.isError && (
          <Alert type="error" showIcon title={t('providersLoadFailed')} style={{ marginBottom: 16 }} />
        )}

        <Form.Item
          name="image"
          label={t('field.image')}
          rules={[
            {
              validator: async (_r, file?: File) => {
                const problem = imageProblem(file);
                if (problem) throw new Error(t(problem));
              },
            },
          ]}
        >
          <ImagePicker />
        </Form.Item>

        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('field.name')} required rules={[ruleOf('name')]}>
              <Input autoComplete="off" maxLength={120} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="age" label={t('field.age')} required rules={[ruleOf('age')]}>
              <InputNumber inputMode="numeric" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="postal"
              label={t('field.postal')}
              required
              extra={t('field.postalHint')}
              rules={[ruleOf('postal', (v) => v ?? '')]}
            >
              <Input inputMode="numeric" maxLength={POSTAL_CODE_DIGITS} autoComplete="postal-code" />
            </Form.Item>
          </Col>
        </Row>

        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="gender" label={t('field.gender')} rules={[ruleOf('gender')]}>
              <Radio.Group options={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="isPrivacy" valuePropName="checked" extra={t('field.isPrivacyHint')}>
              <Checkbox>{t('field.isPrivacy')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>

        <JanazaTimeFields
          form={form}
          dueDateRules={[
            { required: true, message: t('error.dueDateRequired') },
            ruleOf('dueDate', (v) => wallClockOrValue(v) ?? ''),
          ]}
        />

        <Form.Item
          name="note"
          label={t('field.note')}
          // the hint keeps clear of the character count, which stands on its first line at the right
          extra={<span style={{ display: 'block', paddingInlineEnd: 88 }}>{t('field.noteHint')}</span>}
          rules={[ruleOf('note')]}
        >
          <Input.TextArea rows={3} maxLength={2000} showCount placeholder={t('field.notePlaceholder')} />
        </Form.Item>

        <DuplicateWarning
          matches={duplicate.matches}
          sending={create.isPending}
          onCreateAnyway={() => duplicate.createAnyway(form.submit)}
          onCancel={duplicate.clear}
        />
        <Button
          type="primary"
          htmlType="submit"
          loading={create.isPending}
          block
          size="large"
          style={{ maxWidth: 320 }}
        >
          {create.isPending ? t('creating') : t('saveNotification')}
        </Button>
      </Form>
    </>
  );
}
