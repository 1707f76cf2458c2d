import { catalogues } from '@ummahnotify/shared/domain';
import axios from 'axios';
import type { TFunction } from 'i18next';

const english = catalogues.events.en;
const keyOfEnglish = new Map(Object.entries(english).map(([key, text]) => [text, key]));

/**
 * Validation and server messages are the English side of the events catalogue; this shows the
 * twin in the language on screen (a message the catalogue does not know is shown as given).
 */
export function translateMessage(t: TFunction<'events'>, message: string): string {
  const key = keyOfEnglish.get(message);
  return key ? t(key as keyof typeof english) : message;
}

export interface ServerRefusal {
  status: number;
  message: string;
  errors: { path: string; message: string }[];
}

/** The server's answer to a refused call ({code, message, errors}), or null for network errors and timeouts. */
export function serverRefusal(error: unknown): ServerRefusal | null {
  if (!axios.isAxiosError(error) || !error.response) return null;
  const body = error.response.data as Partial<ServerRefusal> | undefined;
  return {
    status: error.response.status,
    message: typeof body?.message === 'string' ? body.message : error.message,
    errors: Array.isArray(body?.errors) ? body.errors : [],
  };
}
