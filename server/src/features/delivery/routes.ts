import { SUBSCRIBER_CHANNELS } from '@ummahnotify/core';
import {
  channelsResponseSchema,
  DELIVERY_API,
  deliveryStatusQuerySchema,
  deliveryStatusResponseSchema,
} from '@ummahnotify/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF } from '../../auth/rights';
import { channelList } from '../../delivery/channels';
import { whatsappDaily } from '../../delivery/pace/whatsapp-daily';
import { type ChannelPause, readPauses } from '../../delivery/pauses';
import { channelStates, deliveryStatus, recentCounts } from '../../delivery/status';
import { readSwitches, switchOf } from '../../delivery/switch';
import { budgetUses, whatsappSignupOpen } from '../signup/limits';
import { registerDeliveryActions } from './actions';
import { registerDeliverySwitch, shownSwitches } from './switch-routes';
import { registerWaitingDeliveries } from './waiting';

/**
 * What staff see of delivery: channels on/off and their account pauses, per-item counts (each section sends its own
 * corrections); and what a superadmin may do about it (actions.ts).
 */
export async function registerDelivery(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const states = () => channelStates(channelList(app.delivery.channels).map((c) => c.state));
  const shown = (pauses: ChannelPause[]) =>
    pauses.map(({ channel, code, reason, since, until }) => ({ channel, code, reason, since, until }));

  app.get(
    DELIVERY_API.channels,
    { schema: { response: { 200: channelsResponseSchema } }, config: { access: STAFF } },
    async () => {
      const late = app.delivery.lateWhatsAppTemplates();
      return {
        channels: states(),
        recent: await recentCounts(db),
        ...(app.delivery.channels.whatsapp.state.enabled && {
          whatsappDaily: await whatsappDaily(db, app.delivery.pace.daily()),
        }),
        ...(late && { whatsappLateTemplates: late }),
        pauses: shown(await readPauses(db)),
        switches: shownSwitches(await readSwitches(db)),
        signupBudgets: await budgetUses(db, app.config.signupLimits, {
          email: app.delivery.channels.email.state.enabled,
          whatsapp: whatsappSignupOpen(app),
        }),
      };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    DELIVERY_API.status,
    {
      schema: { querystring: deliveryStatusQuerySchema, response: { 200: deliveryStatusResponseSchema } },
      config: { access: STAFF },
    },
    async (request) => {
      const { kind, ids } = request.query;
      const pauses = await readPauses(db);
      const switches = await readSwitches(db);
      // No end time is told for a channel paused for the account or switched off by a superadmin.
      const paused = new Set([
        ...pauses.map((p) => p.channel),
        ...SUBSCRIBER_CHANNELS.filter((c) => switchOf(switches, c)),
      ]);
      return {
        channels: states(),
        items: await deliveryStatus(db, kind, ids, app.delivery.pace, paused),
        pauses: shown(pauses),
      };
    },
  );

  registerDeliveryActions(app);
  registerDeliverySwitch(app);
  registerWaitingDeliveries(app);
}
