import { z } from 'zod';

// The webhooks talk to Telegram and Meta, not to our pages, so their shapes live here, not in shared/.

/** What the Telegram and WhatsApp webhooks answer once an update or notification was handled. */
export const webhookAnswerSchema = z.object({ ok: z.literal(true) });

/** Meta's verification handshake (GET on the WhatsApp webhook). */
export const whatsappHandshakeQuerySchema = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().optional(),
});
