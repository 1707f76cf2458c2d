import { isPrayer, type NotificationStatus } from '@ummahnotify/core';
import type { JanazaNotice } from '@ummahnotify/domain';
import type { Selectable } from 'kysely';
import type { JanazaNoticesTable } from '../../db/schema';
import { imageUrl, thumbnailUrl } from '../uploads/store';

export type JanazaRow = Selectable<JanazaNoticesTable>;

/**
 * The fields the API answers and the table stores alike (JSON name → column): toNotice reads them,
 * insertNotice and updateNotice write them, so a new field of this kind is one line here.
 */
const STORED_AS_IS = {
  name: 'name',
  postal: 'postal',
  note: 'note',
  address: 'address',
} as const satisfies { [F in keyof JanazaNotice]?: keyof JanazaRow };
type AsIsField = keyof typeof STORED_AS_IS;
type AsIsColumns = { [F in AsIsField as (typeof STORED_AS_IS)[F]]: JanazaNotice[F] };

/** The as-is fields given (an absent one is left out: an update leaves that column as it is). */
export function asIsColumns<T extends Partial<Pick<JanazaNotice, AsIsField>>>(
  fields: T,
): T extends Pick<JanazaNotice, AsIsField> ? AsIsColumns : Partial<AsIsColumns> {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(STORED_AS_IS)) {
    const value = fields[field as AsIsField];
    if (value !== undefined) columns[column] = value;
  }
  return columns as never;
}

function asIsFields(row: JanazaRow): Pick<JanazaNotice, AsIsField> {
  return Object.fromEntries(Object.entries(STORED_AS_IS).map(([field, column]) => [field, row[column]])) as Pick<
    JanazaNotice,
    AsIsField
  >;
}

/** Row -> the API's JSON (docs/product/data.md field names). */
export function toNotice(row: JanazaRow): JanazaNotice {
  return {
    _id: row.id,
    provider: row.provider_id,
    providerName: row.provider_name,
    contact: row.provider_contact,
    ...asIsFields(row),
    age: Number(row.age),
    gender: row.gender === 'female' ? 'female' : 'male',
    isPrivacy: Number(row.is_privacy) === 1,
    dueDate: row.due_date,
    prayer: isPrayer(row.prayer) ? row.prayer : null,
    imageUrl: row.image_id ? imageUrl(row.image_id) : null,
    thumbnailUrl: row.image_id ? thumbnailUrl(row.image_id) : null,
    status: row.status as NotificationStatus,
    userId: row.user_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    withdrawnAt: row.withdrawn_at ?? null,
    withdrawnReason: row.withdrawn_reason ?? '',
  };
}
