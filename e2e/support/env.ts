import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUSH_SERVICE_CERT } from '../../server/test/peers/push-service';

/**
 * Where the e2e run's local peers listen (all on 127.0.0.1), and who is who. E2E_PORT_BASE moves every
 * port, so two runs on one machine do not collide.
 */
export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4600);
export const SERVER_PORT = PORT_BASE;
export const SERVER_URL = `http://127.0.0.1:${SERVER_PORT}`;
export const ISSUER_PORT = PORT_BASE + 10;
export const ISSUER_URL = `http://127.0.0.1:${ISSUER_PORT}`;
/** The OAuth client registered with the run's issuer, and the servers' GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET. */
export const E2E_CLIENT = { id: 'ummahnotify-e2e', secret: 'e2e-secret' };
export const SUPERADMIN_EMAIL = 'aisha.superadmin@e2e.example.sg';
export const SUPPORT_WHATSAPP = '6591234567';

/** The channels' local peers (e2e/support/peers-main.ts) and the settings the server reaches them with. */
export const PEERS = {
  smtpPort: PORT_BASE + 20,
  telegramPort: PORT_BASE + 21,
  whatsappPort: PORT_BASE + 22,
  pushPort: PORT_BASE + 23,
  controlPort: PORT_BASE + 24,
  controlUrl: `http://127.0.0.1:${PORT_BASE + 24}`,
  telegramToken: '700100:e2e-bot-token',
  telegramBot: 'ummah_e2e_bot',
  whatsappToken: 'e2e-whatsapp-token',
  whatsappPhoneId: '100000000000042',
  whatsappAppSecret: 'e2e-app-secret',
  whatsappVerifyToken: 'e2e-verify-token',
};

/** The local push service's certificate in a file, for the servers' NODE_EXTRA_CA_CERTS. */
function pushServiceCaFile(): string {
  const file = join(tmpdir(), `un-e2e-push-service-${PORT_BASE}.pem`);
  writeFileSync(file, PUSH_SERVICE_CERT);
  return file;
}

export const CHANNEL_ENV = {
  SMTP_URL: `smtp://127.0.0.1:${PEERS.smtpPort}`,
  MAIL_FROM: 'UmmahNotify <notices@e2e.example.sg>',
  TELEGRAM_BOT_TOKEN: PEERS.telegramToken,
  TELEGRAM_API_URL: `http://127.0.0.1:${PEERS.telegramPort}`,
  WHATSAPP_TOKEN: PEERS.whatsappToken,
  WHATSAPP_PHONE_ID: PEERS.whatsappPhoneId,
  WHATSAPP_API_URL: `http://127.0.0.1:${PEERS.whatsappPort}`,
  WHATSAPP_APP_SECRET: PEERS.whatsappAppSecret,
  WHATSAPP_VERIFY_TOKEN: PEERS.whatsappVerifyToken,
  // the run's push service (https on its own port); real deployments keep the default list of push services on 443
  WEBPUSH_ENDPOINT_HOSTS: `127.0.0.1:${PEERS.pushPort}`,
  NODE_EXTRA_CA_CERTS: pushServiceCaFile(),
};

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
