import { formatClockTime } from '@ummahnotify/core';
import {
  type ChannelPauseView,
  type FailureReason,
  failureReasonKey,
  pauseReasonKey,
  providerCode,
} from '@ummahnotify/domain';
import type { TFunction } from 'i18next';

/** One group of failures in the language on screen: "4 not on WhatsApp", "2 failed (smtp:5.5.0)". */
export function failureText(t: TFunction<'delivery'>, reason: FailureReason): string {
  return t(failureReasonKey(reason.code) as 'failure.other', {
    count: reason.count.toLocaleString('en-SG'),
    code: reason.code ?? '',
  });
}

/**
 * A channel's account pause: "WhatsApp paused: template paused by Meta (132015)", with the provider's own code
 * so staff can look it up; and when it is tried again ("tried again at 14:05", Singapore time).
 */
export function pauseText(t: TFunction<'delivery'>, pause: ChannelPauseView): { line: string; next: string } {
  return {
    line: t('pause.line', {
      channel: t(`channel.${pause.channel}`),
      reason: t(pauseReasonKey(pause.code) as 'pause.other'),
      code: providerCode(pause.code),
    }),
    next: t('pause.tryAgain', { time: formatClockTime(pause.until) }),
  };
}
