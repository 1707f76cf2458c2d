import { z } from 'zod';
import { prayerSchema } from '../enums';
import { janazaEditableAnswers } from './schemas';

/** A notice as the API answers it (docs/product/data.md field names): its editable fields, and what the server adds. */
export const janazaNoticeSchema = z.object({
  _id: z.string(),
  ...janazaEditableAnswers,
  providerName: z.string(),
  contact: z.string(),
  dueDate: z.string(),
  /** The prayer the janaza prayer follows (dueDate is then its computed time); null for an exact time. */
  prayer: prayerSchema.nullable(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** The staff account that created the notice. */
  userId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When staff withdrew the sent notice, and why (staff only); absent or null while it stands. */
  withdrawnAt: z.string().nullable().optional(),
  withdrawnReason: z.string().optional(),
});
export type JanazaNotice = z.infer<typeof janazaNoticeSchema>;

/** docs/product/data.md#member: a member whose position is masjid or partner. */
export const providerSchema = z.object({ _id: z.string(), businessName: z.string(), contact: z.string() });
export type Provider = z.infer<typeof providerSchema>;

export interface JanazaListAnswer {
  code: 200;
  data: JanazaNotice[];
  /** Only when `limit` was given: the cursor of the next page, null on the last page. */
  nextCursor?: string | null;
}
export interface JanazaNoticeAnswer {
  code: 200 | 201;
  data: JanazaNotice;
}
export interface ProvidersAnswer {
  code: 200;
  data: Provider[];
}
