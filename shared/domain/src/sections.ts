import { DASHBOARD_PATH, type RemoteName } from '@ummahnotify/core';
import type { Rights } from './rights';

/**
 * Sub-routes of a section, in tab order; the first is where /dashboard/<section> lands.
 * docs/product/screens.md#route-table names them create and edit for all four tabbed sections; the tab labels
 * differ per section (janaza: Create / Notifications, events: Create / Events, members and
 * committee members: Create / Edit) and live in each section's i18n namespace as `tab.<key>`.
 */
export const SECTION_TABS = ['create', 'edit'] as const;
export type SectionTab = (typeof SECTION_TABS)[number];

export type SectionKey = 'summary' | 'committee-members' | 'members' | 'janaza-notifications' | 'events';

/**
 * Dashboard sections: the path under /dashboard, the remote that renders it, the module it exposes,
 * its sub-routes, and who may open it (docs/product/screens.md#sections, rights.md).
 * The order is the superadmin's sidebar order.
 */
export interface SectionDef {
  key: SectionKey;
  remote: RemoteName;
  exposed: string;
  tabs: readonly SectionTab[];
  rights: readonly Rights[];
}

const ALL_STAFF = ['superadmin', 'admin', 'editor'] as const;

export const SECTIONS: readonly SectionDef[] = [
  {
    key: 'summary',
    remote: 'summary',
    exposed: './SummarySection',
    tabs: [],
    rights: ['superadmin'],
  },
  {
    key: 'committee-members',
    remote: 'members',
    exposed: './CommitteeSection',
    tabs: SECTION_TABS,
    rights: ['superadmin'],
  },
  {
    key: 'members',
    remote: 'members',
    exposed: './MembersSection',
    tabs: SECTION_TABS,
    rights: ['superadmin'],
  },
  {
    key: 'janaza-notifications',
    remote: 'janaza',
    exposed: './JanazaSection',
    tabs: SECTION_TABS,
    rights: ALL_STAFF,
  },
  {
    key: 'events',
    remote: 'events',
    exposed: './EventsSection',
    tabs: SECTION_TABS,
    rights: ALL_STAFF,
  },
];

export function sectionsFor(rights: string): SectionDef[] {
  return SECTIONS.filter((s) => s.rights.includes(rights as Rights));
}

export function sectionByKey(key: string): SectionDef | undefined {
  return SECTIONS.find((s) => s.key === key);
}

/** `/dashboard/<section>` or `/dashboard/<section>/<tab>`. */
export function sectionPath(key: SectionKey, tab?: SectionTab): string {
  return tab ? `${DASHBOARD_PATH}/${key}/${tab}` : `${DASHBOARD_PATH}/${key}`;
}

/**
 * The Module Federation container name of a remote (its `name` in rspack.config.ts): `remote_events`.
 * A container name must be a JavaScript identifier, so `lost-found` becomes `remote_lost_found`.
 */
export function remoteContainerName(remote: RemoteName): string {
  return `remote_${remote.replace(/-/g, '_')}`;
}

/** The id `loadRemote` takes for a section: `remote_events/EventsSection`. */
export function sectionModuleId(section: SectionDef): string {
  return `${remoteContainerName(section.remote)}/${section.exposed.replace(/^\.\//, '')}`;
}
