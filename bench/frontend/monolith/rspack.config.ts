/**
 * The monolith build of the same code, for bench/frontend only (never deployed): the shell's own build settings
 * (rspack.base.ts) without Module Federation, the four sections imported directly (sections.ts stands in for the
 * shell's remote loading). Written to bench/frontend/.builds/monolith/, laid out like the repository so the server
 * can serve it (the remotes' folders stay empty).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Configuration, NormalModuleReplacementPlugin } from '@rspack/core';
import { createConfig } from '../../../rspack.base';
import { REMOTE_PACKAGES } from '../../../scripts/workspaces.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const shellDir = path.join(here, '../../../shell');
const out = path.join(here, '../.builds/monolith');

export default (env: unknown, argv: { mode?: string }): Configuration[] => {
  const shell = createConfig({ name: 'shell', dir: shellDir, host: true })(env, argv);
  for (const remote of REMOTE_PACKAGES) mkdirSync(path.join(out, remote, 'dist'), { recursive: true });
  const monolith: Configuration = {
    ...shell,
    name: 'monolith',
    output: { ...shell.output, path: path.join(out, 'shell', 'dist'), uniqueName: 'monolith' },
    plugins: [
      ...(shell.plugins ?? []).filter((plugin) => plugin?.constructor.name !== 'ModuleFederationPlugin'),
      new NormalModuleReplacementPlugin(/^\.\/(remotes\/)?federation$/, path.join(here, 'sections.ts')),
    ],
  };
  return [monolith];
};
