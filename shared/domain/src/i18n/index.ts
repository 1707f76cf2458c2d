import { activity } from './activity';
import { committee } from './committee';
import { common } from './common';
import { delivery } from './delivery';
import { events } from './events';
import { janaza } from './janaza';
import { members } from './members';
import { prayer } from './prayer';
import { shell } from './shell';
import { signup } from './signup';
import { summary } from './summary';

/**
 * One namespace per section. A section adds its own file here (janaza.ts, events.ts, ...)
 * and registers it below; nothing else changes.
 */
export const catalogues = {
  common,
  shell,
  janaza,
  events,
  members,
  committee,
  summary,
  delivery,
  signup,
  prayer,
  activity,
};
export type Namespace = keyof typeof catalogues;

export function resourcesFor(lang: 'en' | 'ta'): Record<string, Record<string, string>> {
  return Object.fromEntries(Object.entries(catalogues).map(([ns, c]) => [ns, c[lang]]));
}

export type { Catalogue, Messages } from './catalogue';
export { defineCatalogue } from './catalogue';
