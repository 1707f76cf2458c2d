import { z } from 'zod';

/** Paths the dashboard calls (SPEC §7). Server routes and the client use these same names. */
export const API_PATHS = {
  signIn: '/api/auth/google',
  signInCallback: '/api/auth/google/callback',
  logout: '/api/auth/google/logout',
  protected: '/api/protected',
  health: '/healthz',
  appConfig: '/app-config.json',
  /** A superadmin binds an account to the Google account whose sign-in it refused (issue 13). */
  linkSignIn: '/api/v1/admin/users/:id/link-sign-in',
  /** Accounts whose email a sign-in from another Google account was refused for, waiting for that link. */
  refusedSignIns: '/api/v1/admin/users/refused-sign-ins',
} as const;

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

export const REMOTE_NAMES = ['janaza', 'events', 'members', 'summary'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Runtime configuration the shell reads beside index.html (ARCHITECTURE.md "Module Federation rules"). */
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
