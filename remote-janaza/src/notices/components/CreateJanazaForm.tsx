import { currentLanguage, useToast } from '@ummahnotify/client';
import {
  askToConfirm,
  fieldRule,
  markServerErrors,
  readApiProblem,
  useSectionText,
  wallClockOrValue,
} from '@ummahnotify/client/section';
import { JANAZA_DEFAULTS, type JanazaCreate, janazaCreateFields, janazaCreateSchema } from '@ummahnotify/domain';
import { Alert, App, Button, Col, Form, type FormRule, Input, Row, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useCreateJanaza, useProviders } from '../hooks/queries';
import { useDuplicateWarning } from '../hooks/useDuplicateWarning';
import { DuplicateWarning } from './DuplicateWarning';
import { ImagePicker, imageProblem } from './ImagePicker';
import { FORM_FIELDS, type FormLine, fieldsWhere } from './JanazaFields';
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
/** Every field the form holds, for the problems the schema or the server names. */
const FIELDS = ['provider', 'image', ...FORM_FIELDS, 'dueDate', 'prayer', 'prayerDate'] as const;
type FieldName = (typeof FIELDS)[number];

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
          .map((i) => ({ name: i.path[0] as FieldName, errors: [schemaText(i.message)] })),
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

  const ruleOf: RuleOf = (field, toWire) => fieldRule(janazaCreateFields[field], schemaText, toWire);

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

        <FieldLine line="person" ruleOf={ruleOf} />
        <FieldLine line="kind" ruleOf={ruleOf} />

        <JanazaTimeFields
          form={form}
          dueDateRules={[
            { required: true, message: t('error.dueDateRequired') },
            ruleOf('dueDate', (v) => wallClockOrValue(v) ?? ''),
          ]}
        />

        <FieldLine line="note" ruleOf={ruleOf} />

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

type RuleOf = (field: keyof typeof janazaCreateFields, toWire?: (v: unknown) => unknown) => FormRule;

/** One line of the form: the table's fields that stand on it (JanazaFields), side by side. */
function FieldLine({ line, ruleOf }: { line: FormLine; ruleOf: RuleOf }) {
  const { t } = useSectionText('janaza');
  return (
    <Row gutter={16}>
      {fieldsWhere((field) => field.form?.line === line).map(({ name, control: Control, form }) => {
        const emptyAs = form?.emptyAs;
        return (
          <Col key={name} {...form?.span}>
            <Form.Item
              name={name}
              label={form?.labelInside ? undefined : t(`field.${name}`)}
              required={form?.required}
              extra={form?.hint?.(t)}
              rules={[ruleOf(name, emptyAs === undefined ? undefined : (v) => v ?? emptyAs)]}
            >
              <Control where="form" />
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}
