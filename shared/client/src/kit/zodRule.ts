import type { FieldError } from '@ummahnotify/domain';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd rule that runs one field of the shared zod schema, so the form refuses exactly what the
 * server refuses, with the same message (`say` shows it in the language on screen). `toWire` turns
 * the control's value into what is sent (e.g. a dayjs date into its text).
 */
export function fieldRule(
  schema: z.ZodType,
  say: (message: string) => string,
  toWire: (value: unknown) => unknown = (v) => v,
): FormRule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(toWire(value));
      if (!result.success) throw new Error(say(result.error.issues[0]?.message ?? ''));
    },
  };
}

/** The shared schema's first message for each field it refuses in `input` (none when it accepts it). */
export function schemaProblems(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const problems: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) problems[issue.path.join('.')] ??= issue.message;
  return problems;
}

/**
 * An antd rule that checks one field with the shared zod schema applied to the WHOLE form, so
 * cross-field rules (a partner needs its UEN) and the server agree. `toInput` turns the form's
 * values into what is sent.
 */
export function formRule<V>(
  schema: z.ZodType,
  toInput: (values: V) => unknown,
  field: string,
  say: (message: string) => string,
): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const problem = schemaProblems(schema, toInput(getFieldsValue(true) as V))[field];
      if (problem) throw new Error(say(problem));
    },
  });
}

/** Marks the fields the server refused (400 `errors`) on the form; answers how many it marked. */
export function markServerErrors<V>(
  form: FormInstance<V>,
  errors: FieldError[],
  fields: readonly string[],
  say: (error: FieldError) => string,
): number {
  const known = errors.filter((e) => fields.includes(e.path));
  if (known.length > 0) form.setFields(known.map((e) => ({ name: e.path as never, errors: [say(e)] })));
  return known.length;
}
