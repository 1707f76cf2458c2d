import type { ChannelState } from '@ummahnotify/domain';
import type { TFunction } from 'i18next';

/**
 * Why a channel is off, in the language on screen: the server's `reason.*` key of the delivery catalogue
 * with its values (names of settings stay as they are); the English reason when there is no key.
 */
export function channelOffReason(t: TFunction<'delivery'>, state: ChannelState): string | null {
  if (state.reasonKey?.startsWith('reason.')) {
    const translated = t(state.reasonKey as 'reason.notSet1', state.reasonParams ?? {});
    if (translated !== state.reasonKey) return translated;
  }
  return state.reason;
}
