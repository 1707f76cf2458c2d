import { isPrayer, type JanazaNotice, type NotificationStatus } from '@ummahnotify/shared/domain';
import type { Selectable } from 'kysely';
import type { JanazaNoticesTable } from '../../db/schema';
import { imageUrl, thumbnailUrl } from '../uploads/store';

export type JanazaRow = Selectable<JanazaNoticesTable>;

/** Row -> the API's JSON (docs/product/data.md field names). */
export function toNotice(row: JanazaRow): JanazaNotice {
  return {
    _id: row.id,
    provider: row.provider_id,
    providerName: row.provider_name,
    contact: row.provider_contact,
    name: row.name,
    age: Number(row.age),
    postal: row.postal,
    gender: row.gender === 'female' ? 'female' : 'male',
    isPrivacy: Number(row.is_privacy) === 1,
    dueDate: row.due_date,
    prayer: isPrayer(row.prayer) ? row.prayer : null,
    note: row.note,
    address: row.address,
    imageUrl: row.image_id ? imageUrl(row.image_id) : null,
    thumbnailUrl: row.image_id ? thumbnailUrl(row.image_id) : null,
    status: row.status as NotificationStatus,
    userId: row.user_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
