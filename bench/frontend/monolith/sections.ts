/**
 * The monolith build's stand-in for shell/src/remotes/federation.ts: the same functions, but each section is a
 * plain lazy chunk of the one build instead of a remote. Only for the comparison in bench/frontend; never deployed.
 */

import type { RemoteName } from '@ummahnotify/core';
import type { AppConfig, SectionDef } from '@ummahnotify/domain';
import type { ComponentType } from 'react';

type SectionModule = Record<string, ComponentType>;

const SECTIONS: Record<string, () => Promise<SectionModule>> = {
  './JanazaSection': () => import('../../../remote-janaza/src/JanazaSection'),
  './EventsSection': () => import('../../../remote-events/src/EventsSection'),
  './MembersSection': () => import('../../../remote-members/src/MembersSection'),
  './CommitteeSection': () => import('../../../remote-members/src/CommitteeSection'),
  './SummarySection': () => import('../../../remote-summary/src/SummarySection'),
};

export function registerSectionRemotes(_remotes: AppConfig['remotes']): void {}

export function reregisterRemote(_name: RemoteName, _entry: string): void {}

export async function loadSectionModule(section: SectionDef): Promise<{ default: ComponentType }> {
  const module = await SECTIONS[section.exposed]();
  return { default: module.default };
}

export async function loadBuildLabel(_section: SectionDef): Promise<string | null> {
  return null;
}
