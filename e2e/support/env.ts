/**
 * Where the e2e run's local peers listen (all on 127.0.0.1), and who is who. E2E_PORT_BASE moves every
 * port, so two runs on one machine do not collide.
 */
export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4600);
export const SERVER_PORT = PORT_BASE;
export const SERVER_URL = `http://127.0.0.1:${SERVER_PORT}`;
export const ISSUER_PORT = PORT_BASE + 10;
export const ISSUER_URL = `http://127.0.0.1:${ISSUER_PORT}`;
export const SUPERADMIN_EMAIL = 'aisha.superadmin@e2e.example.sg';
export const SUPPORT_WHATSAPP = '6591234567';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];
