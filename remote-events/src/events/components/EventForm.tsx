import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '@ummahnotify/client';
import {
  askToConfirm,
  DateFormItem,
  formRule,
  markServerErrors,
  readApiProblem,
  useSectionText,
  WRAPPING_BUTTON,
  wallClockOf,
} from '@ummahnotify/client/section';
import { DATE_TIME_ENTRY_FORMATS, EVENT_FORM_CLOSE_MS, isPastWallClock, SERVICE_TYPES } from '@ummahnotify/core';
import { type AiEvent, createEventSchema } from '@ummahnotify/domain';
import { Alert, App, Button, Checkbox, Col, Flex, Form, Input, Row, Select, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createEvent, EVENTS_QUERY_KEY, saveAiSource } from '../api';
import { type CheckedField, EMPTY_EVENT_FORM, type EventFormValues, toNewEventFields } from '../formValues';

export interface EventFormProps {
  /** Values to start from (the AI answer), or none for an empty form. */
  initialValues?: Partial<EventFormValues>;
  /** The poster chosen in step 1: sent as the event's image unless removed here. */
  poster?: File;
  /** The pasted AI answer, kept with the event once it is created. */
  aiSource?: AiEvent;
  /** Called 1 s after a successful create (docs/product/data.md), and by the Close button. */
  onClose: () => void;
}

const TEXT_FIELDS: { en: CheckedField; ta: CheckedField; rows?: number }[] = [
  { en: 'heading', ta: 'headingTa' },
  { en: 'subHeading', ta: 'subHeadingTa' },
  { en: 'content', ta: 'contentTa', rows: 5 },
  { en: 'address', ta: 'addressTa', rows: 2 },
];
const REQUIRED = new Set<CheckedField>(['heading', 'headingTa', 'dateTime']);

function posterFileList(poster: File | undefined): UploadFile[] {
  return poster
    ? [{ uid: 'poster', name: poster.name, status: 'done', originFileObj: poster as UploadFile['originFileObj'] }]
    : [];
}

/** The event form, English and Tamil side by side (docs/product/screens.md#events, rules.md). */
export function EventForm({ initialValues, poster, aiSource, onClose }: EventFormProps) {
  const { t, say, schemaText, problemText } = useSectionText('events');
  const toast = useToast();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EventFormValues>();
  const [files, setFiles] = useState<UploadFile[]>(() => posterFileList(poster));
  // A refused file (not an image) leaves no poster behind: the field shows only why.
  const [posterRefused, setPosterRefused] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const start = useMemo(() => ({ ...EMPTY_EVENT_FORM, ...initialValues }), [initialValues]);

  const rule = (field: CheckedField) => formRule(createEventSchema, toNewEventFields, field, schemaText);

  /** An event whose time has passed gets no message; saving it is asked, not done silently. */
  const savePastAnyway = (values: EventFormValues) => {
    const when = values.dateTime;
    if (!when || !isPastWallClock(wallClockOf(when))) return Promise.resolve(true);
    return askToConfirm(modal, {
      title: t('past.title'),
      content: t('past.body', { when: when.format(DATE_TIME_ENTRY_FORMATS[0]) }),
      okText: t('past.save'),
      cancelText: t('past.back'),
    });
  };

  const submit = async (values: EventFormValues) => {
    if (!(await savePastAnyway(values))) return;
    setSubmitting(true);
    try {
      const image = files[0]?.originFileObj as File | undefined;
      const answer = await createEvent(toNewEventFields(values), image);
      if (answer.code !== 201) {
        toast.error(t('toast.createFailed'));
        return;
      }
      toast.success(t('toast.created'));
      if (aiSource) {
        await saveAiSource(answer.data._id, aiSource).catch((error: unknown) => {
          console.error('Could not keep the AI answer with the new event.', error);
          toast.error(t('toast.aiSourceFailed'));
        });
      }
      void queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY });
      form.resetFields();
      setFiles([]);
      closeTimer.current = setTimeout(onClose, EVENT_FORM_CLOSE_MS);
    } catch (error) {
      const refusal = readApiProblem(error);
      if (refusal.kind === 'refused') {
        toast.error(
          <span>
            {t('toast.createFailed')} {problemText(refusal)}
          </span>,
        );
        markServerErrors(form, refusal.errors, Object.keys(EMPTY_EVENT_FORM), say);
      } else {
        console.error('Creating the event failed.', error);
        toast.error(t('toast.createError'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const textItem = (field: CheckedField, rows: number | undefined, lang: 'en' | 'ta') => (
    <Form.Item
      key={field}
      name={field}
      label={t(`field.${field}`)}
      required={REQUIRED.has(field)}
      rules={[rule(field)]}
    >
      {rows ? <Input.TextArea rows={rows} lang={lang} /> : <Input lang={lang} />}
    </Form.Item>
  );

  return (
    <Form<EventFormValues>
      form={form}
      layout="vertical"
      initialValues={start}
      onFinish={submit}
      aria-label={t('form.title')}
      scrollToFirstError
    >
      {initialValues && <Alert type="info" showIcon title={t('form.fromPoster')} style={{ marginBottom: 16 }} />}
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Typography.Title level={5}>{t('form.english')}</Typography.Title>
          {TEXT_FIELDS.map((f) => textItem(f.en, f.rows, 'en'))}
        </Col>
        <Col xs={24} md={12}>
          <Typography.Title level={5}>{t('form.tamil')}</Typography.Title>
          {TEXT_FIELDS.map((f) => textItem(f.ta, f.rows, 'ta'))}
        </Col>
      </Row>
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <DateFormItem
            name="dateTime"
            label={t('field.dateTime')}
            required
            rules={[rule('dateTime')]}
            withTime
            field={{ placeholder: t('field.dateTimePlaceholder'), style: { width: '100%' } }}
          />
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="serviceType" label={t('field.serviceType')} rules={[rule('serviceType')]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={SERVICE_TYPES.map((type) => ({ value: type, label: t(`serviceType.${type}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="registration" valuePropName="checked" label=" ">
            <Checkbox>{t('field.registration')}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label={t('field.poster')}
        validateStatus={posterRefused ? 'error' : undefined}
        help={posterRefused ? t('ocr.notImage') : undefined}
      >
        <Upload
          accept="image/jpeg,image/png,image/webp"
          listType="picture"
          maxCount={1}
          fileList={files}
          beforeUpload={(file) => {
            const refused = !file.type.startsWith('image/');
            setPosterRefused(refused);
            setFiles(refused ? [] : [{ uid: file.uid, name: file.name, status: 'done', originFileObj: file }]);
            return refused ? Upload.LIST_IGNORE : false;
          }}
          onRemove={() => setFiles([])}
        >
          <Button style={WRAPPING_BUTTON}>{files.length ? t('ocr.change') : t('ocr.choose')}</Button>
        </Upload>
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {submitting ? t('form.submitting') : t('form.submit')}
        </Button>
        <Button onClick={onClose} disabled={submitting}>
          {t('form.close')}
        </Button>
      </Flex>
    </Form>
  );
}
