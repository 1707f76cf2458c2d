import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * An antd form rule that runs a field of the shared zod schema, so the form refuses exactly what
 * the server refuses, with the same (translated) message. `toWire` turns the control's value into
 * what is sent (e.g. a dayjs date into its text).
 */
export function zodRule(
  schema: z.ZodType,
  translate: (english: string) => string,
  toWire: (value: unknown) => unknown = (v) => v,
): FormRule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(toWire(value));
      if (!result.success) throw new Error(translate(result.error.issues[0]?.message ?? ''));
    },
  };
}
