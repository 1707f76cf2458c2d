import { REMOTE_NAMES } from '@ummahnotify/core';
import { z } from 'zod';

/** A field the server refused, as the code that refuses it words it (English). */
export interface FieldProblem {
  path: string;
  message: string;
}

/**
 * A refused field as the API answers it: the English message, and the namespaced catalogue key
 * (`members:error.emailRequired`) with its {{placeholder}} values, so a client shows `t(key, params)`.
 */
export interface FieldError extends FieldProblem {
  key: string;
  params: Record<string, string>;
}

/** The answer every refused request carries: 400 validation, 401, 403, 404, 409. */
export interface ApiErrorBody {
  code: number;
  message: string;
  errors?: FieldError[];
  /**
   * For refusals shown to the public: the key of the message in the page's catalogue and the values
   * of its {{placeholders}}, so the page shows it in the visitor's language (message stays English).
   */
  key?: string;
  params?: Record<string, string>;
}

/** Runtime configuration the shell reads beside index.html (docs/architecture.md#module-federation). */
export const appConfigSchema = z.object({
  apiUrl: z.string(),
  demo: z.boolean(),
  supportWhatsapp: z.string().nullable(),
  /** Remote name -> URL of its mf-manifest.json */
  remotes: z.record(z.enum(REMOTE_NAMES), z.string()),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** An answer that only says what was done (sign-out, a deletion). */
export const messageAnswerSchema = z.object({ code: z.literal(200), message: z.string() });
