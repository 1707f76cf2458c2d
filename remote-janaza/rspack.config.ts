import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../rspack.base';

export default createConfig({
  name: 'remote_janaza',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  exposes: { './JanazaSection': './src/JanazaSection.tsx' },
});
