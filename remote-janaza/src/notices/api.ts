import { api } from '@ummahnotify/client';
import { toFormData } from '@ummahnotify/client/section';
import type { Prayer } from '@ummahnotify/core';
import {
  JANAZA_PATHS,
  type JanazaCreate,
  type JanazaListAnswer,
  type JanazaNotice,
  type JanazaNoticeAnswer,
  type JanazaUpdate,
  type PrayerTimeAnswer,
  type Provider,
  type ProvidersAnswer,
} from '@ummahnotify/domain';

export const noticesKey = ['janaza', 'notices'] as const;
export const providersKey = ['janaza', 'providers'] as const;

/** docs/product/api.md: list and create answer code 200 or 201. */
const isOk = (code: unknown) => code === 200 || code === 201;

export class UnexpectedAnswer extends Error {}

export async function fetchProviders(): Promise<Provider[]> {
  const { data } = await api.get<ProvidersAnswer>(JANAZA_PATHS.providers);
  if (!isOk(data?.code) || !Array.isArray(data.data)) throw new UnexpectedAnswer('providers');
  return data.data;
}

/** When `prayer` on the Singapore day `prayerDate` (YYYY-MM-DD) is, as a notice's dueDate: the server computes it. */
export async function fetchPrayerTime(prayer: Prayer, prayerDate: string): Promise<string> {
  const { data } = await api.get<PrayerTimeAnswer>(JANAZA_PATHS.prayerTime, { params: { prayer, prayerDate } });
  if (!isOk(data?.code) || typeof data.data?.dueDate !== 'string') throw new UnexpectedAnswer('prayer time');
  return data.data.dueDate;
}

export async function fetchNotices(): Promise<JanazaNotice[]> {
  const { data } = await api.get<JanazaListAnswer>(JANAZA_PATHS.notices);
  if (!isOk(data?.code) || !Array.isArray(data.data)) throw new UnexpectedAnswer('notices');
  return data.data;
}

/** POST as form data, with the image when there is one; confirmDuplicate: "Create anyway" after the duplicate warning (docs/product/rules.md#janaza-notice). */
export async function createNotice(
  values: JanazaCreate,
  image?: File,
  confirmDuplicate?: boolean,
): Promise<JanazaNoticeAnswer> {
  const fields = confirmDuplicate ? { ...values, confirmDuplicate: true } : { ...values };
  const { data } = await api.post<JanazaNoticeAnswer>(JANAZA_PATHS.notices, toFormData(fields, image));
  return data;
}

/** PATCH as JSON, or as form data when a new image goes with the changes. */
export async function updateNotice(
  id: string,
  changes: Omit<JanazaUpdate, 'postal'>,
  image?: File,
): Promise<JanazaNoticeAnswer> {
  const body = image ? toFormData(changes, image) : changes;
  const { data } = await api.patch<JanazaNoticeAnswer>(JANAZA_PATHS.notice(id), body);
  return data;
}

export async function deleteNotice(id: string): Promise<void> {
  await api.delete(JANAZA_PATHS.notice(id));
}

/** Withdraw an approved notice with the reason staff give; answers the notice as it now is. */
export async function withdrawNotice(id: string, reason: string): Promise<JanazaNoticeAnswer> {
  const { data } = await api.post<JanazaNoticeAnswer>(JANAZA_PATHS.withdrawal(id), { reason });
  return data;
}
