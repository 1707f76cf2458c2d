import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../rspack.base';

export default createConfig({
  name: 'remote_members',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  exposes: { './MembersSection': './src/MembersSection.tsx', './CommitteeSection': './src/CommitteeSection.tsx' },
});
