import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../rspack.base';

export default createConfig({
  name: 'shell',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  host: true,
});
