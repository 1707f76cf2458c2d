/** The fixed lists the server and every page share (their zod schemas are in @ummahnotify/domain's enums.ts). */

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Janaza notice statuses: approved is shown as 'Notify Now!', silent as 'Update/Silent'. */
export const NOTIFICATION_STATUSES = ['pending', 'approved', 'silent', 'rejected'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** Member positions as stored. Legacy inputs: admin = masjid, moderator = partner. */
export const MEMBER_POSITIONS = ['member', 'masjid', 'partner'] as const;
export type MemberPosition = (typeof MEMBER_POSITIONS)[number];
export const LEGACY_MEMBER_POSITIONS: Record<string, MemberPosition> = { admin: 'masjid', moderator: 'partner' };

export const COMMITTEE_POSITIONS = [
  'chairperson',
  'vice chairperson',
  'secretary',
  'treasurer',
  'committee member',
] as const;
export type CommitteePosition = (typeof COMMITTEE_POSITIONS)[number];

export const SERVICE_TYPES = [
  'general',
  'alerts',
  'services',
  'educational',
  'religious',
  'community',
  'social',
  'volunteer',
  'fundraiser',
  'cultural',
  'health',
  'workshop',
  'webinar',
  'conference',
  'networking',
  'holiday',
  'youth',
  'family',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const DEFAULT_SERVICE_TYPE: ServiceType = 'general';

export const SUBSCRIBER_CHANNELS = ['webpush', 'email', 'whatsapp', 'telegram'] as const;
export type SubscriberChannel = (typeof SUBSCRIBER_CHANNELS)[number];
