import { PORT_BASE } from '../support/env';

/** Ports of the multi-instance run: E2E_PORT_BASE + 50 onwards, clear of the other specs' peers. */
const base = PORT_BASE + 50;
export const INSTANCES = {
  proxyPort: base,
  proxyUrl: `http://127.0.0.1:${base}`,
  instancePorts: [base + 1, base + 2, base + 3],
  issuerPort: base + 10,
  pushPort: base + 11,
  smtpPort: base + 12,
  superadmin: 'imam.superadmin@instances.example.sg',
  /** Sends in flight per instance: the most a killed instance can have sent without recording it. */
  webpushConcurrency: 16,
};
