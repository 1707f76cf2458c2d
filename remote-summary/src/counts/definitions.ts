import type { SectionKey, Summary } from '@ummahnotify/domain';

export type CardKey = 'janazah' | 'events' | 'web' | 'email' | 'whatsapp' | 'telegram' | 'members' | 'administrators';
export type LineKey = 'janaza' | 'events' | 'masjids' | 'providers' | 'common' | 'admins' | 'editors' | 'superadmins';

export interface CardDef {
  key: CardKey;
  /** The section the card opens (docs/product/screens.md: four of the eight cards link somewhere). */
  link?: SectionKey;
  total: (s: Summary) => number;
  lines: { key: LineKey; value: (s: Summary) => number }[];
}

/** The eight cards of docs/product/screens.md#summary, in its order, each reading its numbers from the record. */
export const CARDS: readonly CardDef[] = [
  { key: 'janazah', link: 'janaza-notifications', total: (s) => s.janazah.total, lines: [] },
  { key: 'events', link: 'events', total: (s) => s.events.total, lines: [] },
  {
    key: 'web',
    total: (s) => s.subscribers.web.total,
    lines: [
      { key: 'janaza', value: (s) => s.subscribers.web.janaza },
      { key: 'events', value: (s) => s.subscribers.web.events },
    ],
  },
  { key: 'email', total: (s) => s.subscribers.email, lines: [] },
  { key: 'whatsapp', total: (s) => s.subscribers.whatsapp, lines: [] },
  { key: 'telegram', total: (s) => s.subscribers.telegram, lines: [] },
  {
    key: 'members',
    link: 'members',
    total: (s) => s.totalMembers.total,
    lines: [
      { key: 'masjids', value: (s) => s.totalMembers.masjid },
      { key: 'providers', value: (s) => s.totalMembers.partners },
      { key: 'common', value: (s) => s.totalMembers.members },
    ],
  },
  {
    key: 'administrators',
    link: 'committee-members',
    total: (s) => s.totalAdministrators.total,
    lines: [
      { key: 'admins', value: (s) => s.totalAdministrators.admins },
      { key: 'editors', value: (s) => s.totalAdministrators.editors },
      { key: 'superadmins', value: (s) => s.totalAdministrators.superadmins },
    ],
  },
];
