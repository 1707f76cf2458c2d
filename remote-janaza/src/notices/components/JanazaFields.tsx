import { useSectionText } from '@ummahnotify/client/section';
import { GENDERS, NOTIFICATION_STATUSES, POSTAL_CODE_DIGITS } from '@ummahnotify/core';
import { type JanazaCreate, type JanazaNotice, NAME_MAX_LENGTH, NOTE_MAX_LENGTH } from '@ummahnotify/domain';
import { Checkbox, type ColProps, Input, InputNumber, Radio, Select } from 'antd';
import type { ReactNode } from 'react';

/** The parts a notice is shown in: a table's columns, a card's sections (JanazaParts.tsx draws them). */
export type JanazaPartName = 'profile' | 'personal' | 'location' | 'details' | 'status' | 'actions';

/** Where a control is drawn: in the create form (antd's Form.Item hands it value, onChange and id) or in a row being edited. */
export type Where = 'form' | 'row';

/**
 * What a control is given: the value (null while a required one is emptied) and where it stands; id, status and
 * aria-label pass on to the antd input.
 */
export interface ControlProps<V> {
  value?: V | null;
  onChange?: (value: V | null) => void;
  where: Where;
  id?: string;
  status?: 'error';
  'aria-label'?: string;
}

/** The lines of the create form that hold fields of this table (the provider, photo and time have their own). */
export type FormLine = 'person' | 'kind' | 'note';

type FieldName = keyof JanazaCreate & keyof JanazaNotice;

/**
 * A field staff type or choose, written once: its control, where the create form places it and how the form checks
 * it, and, if inline edit may change it (docs/product/screens.md), the part of a row that holds its editor.
 */
export interface JanazaField<K extends FieldName> {
  control: (props: ControlProps<JanazaNotice[K]>) => ReactNode;
  form?: {
    line: FormLine;
    span: ColProps;
    required?: boolean;
    /** What the field's zod check is given when the control holds nothing. */
    emptyAs?: unknown;
    /** A hint under the control. */
    hint?: (t: (key: string) => string) => ReactNode;
    /** The control shows its own label (a checkbox): the form item has none. */
    labelInside?: boolean;
  };
  row?: {
    part: JanazaPartName;
    /** How the row shows the value when not editing, for a field its part does not draw itself. */
    show?: (notice: JanazaNotice) => ReactNode;
  };
}

const HALF: ColProps = { xs: 24, md: 12 };
const QUARTER: ColProps = { xs: 12, md: 6 };
const WHOLE: ColProps = { xs: 24 };

function NameInput({ where: _where, value, onChange, ...props }: ControlProps<string>) {
  return (
    <Input
      {...props}
      value={value ?? undefined}
      autoComplete="off"
      maxLength={NAME_MAX_LENGTH}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

function AgeInput({ where: _where, onChange, value, ...props }: ControlProps<number>) {
  return (
    <InputNumber
      {...props}
      value={value}
      inputMode="numeric"
      style={{ width: '100%' }}
      onChange={(age) => onChange?.(typeof age === 'number' ? age : null)}
    />
  );
}

function PostalInput({ where: _where, value, onChange, ...props }: ControlProps<string>) {
  return (
    <Input
      {...props}
      value={value ?? undefined}
      inputMode="numeric"
      maxLength={POSTAL_CODE_DIGITS}
      autoComplete="postal-code"
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

/** Two radio buttons in the form; a select in a row, where space is short. */
function GenderChoice({ where, ...props }: ControlProps<JanazaNotice['gender']>) {
  const { t } = useSectionText('janaza');
  const options = GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }));
  if (where === 'row') return <Select {...props} options={options} />;
  const { onChange, status: _status, ...rest } = props;
  return <Radio.Group {...rest} options={options} onChange={(e) => onChange?.(e.target.value)} />;
}

function PrivacyBox({ where: _where, value, onChange, status: _status, ...props }: ControlProps<boolean>) {
  const { t } = useSectionText('janaza');
  return (
    <Checkbox {...props} checked={value ?? undefined} onChange={(e) => onChange?.(e.target.checked)}>
      {t('field.isPrivacy')}
    </Checkbox>
  );
}

function NoteInput({ where, value, onChange, ...props }: ControlProps<string>) {
  const { t } = useSectionText('janaza');
  const inForm = where === 'form';
  return (
    <Input.TextArea
      {...props}
      value={value ?? undefined}
      rows={inForm ? 3 : 2}
      maxLength={NOTE_MAX_LENGTH}
      showCount={inForm}
      placeholder={inForm ? t('field.notePlaceholder') : undefined}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

function StatusChoice({ where: _where, ...props }: ControlProps<JanazaNotice['status']>) {
  const { t } = useSectionText('janaza');
  return (
    <Select
      {...props}
      options={NOTIFICATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      popupMatchSelectWidth={false}
      style={{ width: '100%', minWidth: 100 }}
    />
  );
}

/** The table's fields in the order they are drawn, in the form's lines and in each part of a row. */
export const JANAZA_FIELDS = {
  name: { control: NameInput, form: { line: 'person', span: HALF, required: true }, row: { part: 'profile' } },
  age: { control: AgeInput, form: { line: 'person', span: QUARTER, required: true }, row: { part: 'personal' } },
  postal: {
    control: PostalInput,
    form: { line: 'person', span: QUARTER, required: true, emptyAs: '', hint: (t) => t('field.postalHint') },
  },
  gender: { control: GenderChoice, form: { line: 'kind', span: HALF }, row: { part: 'personal' } },
  isPrivacy: {
    control: PrivacyBox,
    form: { line: 'kind', span: HALF, labelInside: true, hint: (t) => t('field.isPrivacyHint') },
    row: { part: 'personal' },
  },
  note: {
    control: NoteInput,
    form: {
      line: 'note',
      span: WHOLE,
      // the hint keeps clear of the character count, which stands on its first line at the right
      hint: (t) => <span style={{ display: 'block', paddingInlineEnd: 88 }}>{t('field.noteHint')}</span>,
    },
    row: { part: 'details' },
  },
  status: { control: StatusChoice, row: { part: 'status' } },
} as const satisfies { [K in FieldName]?: JanazaField<K> };

type Table = typeof JANAZA_FIELDS;
export type TableField = keyof Table;
/** The fields inline edit may change (besides the photo). */
export type InlineField = { [K in TableField]: Table[K] extends { row: object } ? K : never }[TableField];
/** The fields the create form draws from the table. */
export type FormField = { [K in TableField]: Table[K] extends { form: object } ? K : never }[TableField];

const entries = Object.entries(JANAZA_FIELDS) as [TableField, JanazaField<TableField>][];

export const INLINE_FIELDS = entries.filter(([, field]) => field.row).map(([name]) => name) as InlineField[];
export const FORM_FIELDS = entries.filter(([, field]) => field.form).map(([name]) => name) as FormField[];

/** A field of the table with its description, for the loops that draw them. */
export const fieldsWhere = (keep: (field: JanazaField<TableField>) => boolean) =>
  entries.filter(([, field]) => keep(field)).map(([name, field]) => ({ name, ...field }));
