import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The expand-then-contract rule (docs/decisions/2026-11-29-expand-then-contract.md) as the migrations declare it.
 * After migration RULE_FROM, a migration whose up() drops or renames a column or table says so in a line of its own:
 *
 *   Contracts: subscribers.token (unused since 1.2.0)
 *
 * naming each table.column (or table) it removes and the release whose code stopped using it.
 */
export const RULE_FROM = 150;

export const MIGRATIONS_DIR = join(import.meta.dirname, '../../src/db/migrations');

export interface Migration {
  name: string;
  number: number;
  /** The text of its up() (the down() that undoes it may drop what up() added). */
  up: string;
  contracts: { what: string; since: string }[];
}

export function migrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      const start = text.indexOf('export async function up');
      const end = text.indexOf('export async function down');
      return {
        name: file.replace(/\.ts$/, ''),
        number: Number(/^\d{4}-\d{2}-\d{2}-(\d+)-/.exec(file)?.[1]),
        up: text.slice(start, end === -1 ? undefined : end),
        contracts: [...text.matchAll(/Contracts: ([\w.]+) \(unused since (\d+\.\d+\.\d+)\)/g)].map((m) => ({
          what: m[1] as string,
          since: m[2] as string,
        })),
      };
    });
}

/** What drops or renames a column or table, in Kysely's builder or in SQL. */
export const CONTRACTING = [
  /\.dropColumn\(/,
  /\.dropTable\(/,
  /\.renameColumn\(/,
  /\.renameTo\(/,
  /\bdrop\s+(column|table)\b/i,
  /\brename\s+(column|to)\b/i,
];
