import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../rspack.base';

const dir = path.dirname(fileURLToPath(import.meta.url));
// The federation host: the dashboard. The signed-out pages are the public-pages package's.
export default createConfig({ name: 'shell', dir, host: true });
