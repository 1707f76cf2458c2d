// The channels' real protocol peers for the e2e run, on fixed ports, and a small control API the
// specs use to read what each peer received and to act as Telegram or WhatsApp calling the server.
import { createServer, type IncomingMessage } from 'node:http';
import { startPushService } from '../../server/test/peers/push-service';
import { startSmtpPeer } from '../../server/test/peers/smtp';
import { startTelegramApi } from '../../server/test/peers/telegram-api';
import { readmeTemplates, startWhatsAppApi, whatsappInboundMessage } from '../../server/test/peers/whatsapp-api';
import { PEERS, SERVER_URL } from './env';

const smtp = await startSmtpPeer({ port: PEERS.smtpPort });
// Telegram and WhatsApp pace and refuse as their providers document (about 30 a second per bot and one a
// second per chat; 80 a second per number and one message every 6 s per person): the engine must keep to
// it without failing anyone (server/test/peers/telegram-api.ts, whatsapp-api.ts).
const telegram = await startTelegramApi({
  token: PEERS.telegramToken,
  username: PEERS.telegramBot,
  port: PEERS.telegramPort,
  pace: {},
});
const whatsapp = await startWhatsAppApi({
  token: PEERS.whatsappToken,
  phoneId: PEERS.whatsappPhoneId,
  appSecret: PEERS.whatsappAppSecret,
  port: PEERS.whatsappPort,
  templates: readmeTemplates(),
  pace: {},
});
// https, like every real push service (sign-up accepts only https endpoints); the servers trust its
// certificate through NODE_EXTRA_CA_CERTS (CHANNEL_ENV).
const push = await startPushService({ port: PEERS.pushPort, tls: true });

async function readJson(req: IncomingMessage): Promise<Record<string, string>> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw ? JSON.parse(raw) : {};
}

const routes: Record<string, (body: Record<string, string>) => Promise<unknown> | unknown> = {
  'GET /mail': () =>
    smtp.messages.map((m) => ({ to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers })),
  'GET /telegram': () => telegram.sent,
  'GET /whatsapp': () => whatsapp.sent,
  'GET /push': () => push.received.map((r) => ({ endpoint: r.endpoint, status: r.status, payload: r.payload })),
  'POST /push/subscribe': () => push.subscribe(),
  'POST /telegram/message': async ({ chatId, text }) => ({
    status: await telegram.deliverUpdate(telegram.messageUpdate(chatId, text)),
  }),
  'POST /whatsapp/message': async ({ from, text }) =>
    whatsapp.postWebhook(
      `${SERVER_URL}/api/public/whatsapp/webhook`,
      whatsappInboundMessage(from, text, PEERS.whatsappPhoneId),
    ),
};

const control = createServer(async (req, res) => {
  const route = routes[`${req.method} ${req.url}`];
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  try {
    const answer = await route(await readJson(req));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
control.listen(PEERS.controlPort, '127.0.0.1', () => console.log(`e2e peers control at ${PEERS.controlUrl}`));
