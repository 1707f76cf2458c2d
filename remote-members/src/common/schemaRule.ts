import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd rule that checks one field with the shared zod schema applied to the WHOLE form, so
 * cross-field rules (a partner needs its UEN) and the server agree. `toInput` turns the form's values
 * into what is sent; `translate` shows the schema's English message in the chosen language.
 */
export function schemaRule<V>(
  schema: z.ZodType,
  toInput: (values: V) => unknown,
  field: string,
  translate: (english: string) => string,
): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const result = schema.safeParse(toInput(getFieldsValue(true) as V));
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path.join('.') === field);
      if (issue) throw new Error(translate(issue.message));
    },
  });
}

/** Marks the fields the server refused (400 `errors: [{path, message}]`) on the form. */
export function markServerErrors<V>(
  form: FormInstance<V>,
  errors: { path: string; message: string }[],
  translate: (english: string) => string,
  fields: readonly string[],
): void {
  const known = errors.filter((e) => fields.includes(e.path));
  if (known.length === 0) return;
  form.setFields(known.map((e) => ({ name: e.path as never, errors: [translate(e.message)] })));
}
