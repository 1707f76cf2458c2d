import type { Summary } from '@ummahnotify/domain';

/** A small summary answer for the tests that look at something other than the counts (a card, the activity log). */
export const summary: Summary = {
  janazah: { total: 1 },
  events: { total: 2 },
  subscribers: { web: { total: 3, janaza: 2, events: 1 }, email: 4, whatsapp: 5, telegram: 6 },
  totalMembers: { total: 7, masjid: 1, partners: 2, members: 4 },
  totalAdministrators: { total: 3, admins: 1, editors: 1, superadmins: 1 },
  updatedAt: '2026-11-28T06:00:00.000Z',
};
