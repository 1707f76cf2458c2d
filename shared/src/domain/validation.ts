import type { z } from 'zod';
import type { ApiErrorBody } from './api';

/** Turns zod issues into the API's `errors: [{path, message}]` list (also used to mark form fields). */
export function issuesToErrors(error: z.ZodError): NonNullable<ApiErrorBody['errors']> {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}
