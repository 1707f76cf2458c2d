import type { NotificationStatus } from '@ummahnotify/core';
import {
  catalogues,
  confirmDuplicateSchema,
  DUPLICATE_NAME_SIMILARITY,
  DUPLICATE_WINDOW_HOURS,
  type DuplicateMatch,
} from '@ummahnotify/domain';
import { distance } from 'fastest-levenshtein';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, parseOr400 } from '../../web/errors';

const m = catalogues.janaza.en;

/**
 * Words that only join a person's name to a parent's (Malay bin/binti/binte/bte, Tamil and Indian
 * s/o, d/o, a/l, a/p): "Ismail bin Osman" and "Ismail Osman" are the same person.
 */
const LINK_WORDS = new Set(['bin', 'b', 'binti', 'binte', 'bte', 'bt', 'ibni', 'ibnu']);
/** Titles said before a name (the pilgrim's Haji / Hajjah, the deceased's Allahyarham / Arwah): not part of it. */
const TITLES = new Set([
  'haji',
  'hajjah',
  'hj',
  'hjh',
  'allahyarham',
  'allahyarhamah',
  'arwah',
  'almarhum',
  'almarhumah',
]);
/** s/o, d/o, a/l, a/p, written with a slash, dot or space: one joined word before punctuation goes. */
const SLASHED = /\b([sd])\s*[/.]\s*o\b\.?|\b(a)\s*[/.]\s*([lp])\b\.?/g;

/**
 * A name as a list of words: case folded, accents and punctuation gone, spaces collapsed, link
 * words and titles dropped. Letters of every script stay (a Tamil name is compared in Tamil).
 */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(SLASHED, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w !== '' && !LINK_WORDS.has(w) && !TITLES.has(w));
}

const similarity = (a: string, b: string) =>
  a.length === 0 && b.length === 0 ? 1 : 1 - distance(a, b) / Math.max(a.length, b.length);

/**
 * Whether two names are close enough to be one person: the Levenshtein similarity of the normalised
 * names (as written, and with their words sorted, so "Osman Ismail" meets "Ismail Osman") reaches
 * DUPLICATE_NAME_SIMILARITY, or every word of a name of two or more words is in the other
 * ("Siti Aminah" and "Siti Aminah binte Yusof").
 */
export function namesClose(a: string, b: string): boolean {
  const wa = nameWords(a);
  const wb = nameWords(b);
  if (wa.length === 0 || wb.length === 0) return false;
  const best = Math.max(
    similarity(wa.join(' '), wb.join(' ')),
    similarity([...wa].sort().join(' '), [...wb].sort().join(' ')),
  );
  if (best >= DUPLICATE_NAME_SIMILARITY) return true;
  const [shorter, longer] = wa.length <= wb.length ? [wa, wb] : [wb, wa];
  return shorter.length >= 2 && shorter.every((w) => longer.includes(w));
}

/** Existing notices with a close name due within DUPLICATE_WINDOW_HOURS of `dueDate` (UTC ISO), nearest first. */
export async function findDuplicates(db: Kysely<Database>, name: string, dueDate: string): Promise<DuplicateMatch[]> {
  const due = new Date(dueDate).getTime();
  if (Number.isNaN(due)) return [];
  const window = DUPLICATE_WINDOW_HOURS * 3600 * 1000;
  const rows = await db
    .selectFrom('janaza_notices')
    .select(['id', 'name', 'due_date', 'status'])
    .where('due_date', '>=', new Date(due - window).toISOString())
    .where('due_date', '<=', new Date(due + window).toISOString())
    .execute();
  return rows
    .filter((r) => namesClose(name, r.name))
    .sort((x, y) => Math.abs(Date.parse(x.due_date) - due) - Math.abs(Date.parse(y.due_date) - due))
    .map((r) => ({ _id: r.id, name: r.name, dueDate: r.due_date, status: r.status as NotificationStatus }));
}

/**
 * The create route's check, before anything is written: a 409 with the close notices, unless the form
 * carries `confirmDuplicate: true` ("Create anyway"). `dueDate` is the due date the notice will have
 * (computed from a prayer time when one was chosen).
 */
export async function refuseDuplicates(
  db: Kysely<Database>,
  fields: Record<string, unknown>,
  name: string,
  dueDate: string,
): Promise<void> {
  const { confirmDuplicate } = parseOr400(confirmDuplicateSchema, { confirmDuplicate: fields.confirmDuplicate });
  if (confirmDuplicate) return;
  const duplicates = await findDuplicates(db, name, dueDate);
  if (duplicates.length > 0) throw new HttpError(409, m['duplicate.found'], undefined, undefined, { duplicates });
}
