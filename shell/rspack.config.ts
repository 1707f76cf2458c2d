import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, createPublicAppConfig } from '../rspack.base';

const dir = path.dirname(fileURLToPath(import.meta.url));
const shell = createConfig({ name: 'shell', dir, host: true });
const publicApp = createPublicAppConfig({ dir });

// Two builds: the federation host (the dashboard and the other public pages) and the light public app.
export default (env: unknown, argv: { mode?: string }) => [shell(env, argv), publicApp(env, argv)];
