/** The schemas of the fixed lists; the lists themselves are in @ummahnotify/core (enums.ts, prayers.ts). */
import {
  COMMITTEE_POSITIONS,
  GENDERS,
  LEGACY_MEMBER_POSITIONS,
  MEMBER_POSITIONS,
  NOTIFICATION_STATUSES,
  PRAYERS,
} from '@ummahnotify/core';
import { z } from 'zod';

export const genderSchema = z.enum(GENDERS);
export const notificationStatusSchema = z.enum(NOTIFICATION_STATUSES);

/** A position as answered (plain: the server encodes its answers with it, so no reader runs here). */
export const memberPositionAnswerSchema = z.enum(MEMBER_POSITIONS);
export const memberPositionSchema = z.preprocess(
  (v) => (typeof v === 'string' && v in LEGACY_MEMBER_POSITIONS ? LEGACY_MEMBER_POSITIONS[v] : v),
  memberPositionAnswerSchema,
);

export const committeePositionSchema = z.enum(COMMITTEE_POSITIONS);

export const prayerSchema = z.enum(PRAYERS);
