#!/usr/bin/env node
// `npm run dev`: every front-end package rebuilt on change (development mode) and the server restarted
// on change, all at once, in demo mode unless configured otherwise. Ctrl-C stops them all.
import { spawn } from 'node:child_process';
import { FRONT_END_PACKAGES } from './workspaces.mjs';

const jobs = [
  ...FRONT_END_PACKAGES.map((w) => ['npm', ['run', 'dev', '-w', w]]),
  ['npm', ['run', 'dev', '-w', 'server']],
];
const children = jobs.map(([cmd, args]) => spawn(cmd, args, { stdio: 'inherit' }));
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
