import type { TemplateTtl, WhatsAppDaily } from '@ummahnotify/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The lines under WhatsApp on the channels card: today's use of the daily limit, and templates that can arrive late. */

const number = (n: number) => n.toLocaleString('en-SG');
/** What waits or may come late is amber, as on the delivery counts. */
const AMBER = '#ad6800';

/**
 * Today's use of the WhatsApp number's daily messaging limit (people reached in the last 24 hours):
 * "WhatsApp today: 1,234 of 10,000 people (2,000 kept for janaza notices)", or without a limit.
 */
export function WhatsAppToday({ daily }: { daily: WhatsAppDaily }) {
  const { t } = useTranslation('delivery');
  const used = number(daily.used);
  const text =
    daily.limit === null
      ? t('channels.whatsappTodayUnlimited', { used })
      : daily.janazaReserve > 0
        ? t('channels.whatsappToday', { used, limit: number(daily.limit), reserve: number(daily.janazaReserve) })
        : t('channels.whatsappTodayNoReserve', { used, limit: number(daily.limit) });
  // Past the part events may spend (the reserve is janaza's only): amber, as a waiting message is.
  const eventsHeld = daily.limit !== null && daily.used >= daily.limit - daily.janazaReserve;
  return (
    <Typography.Text
      data-testid="whatsapp-today"
      style={{ display: 'block', fontSize: 12, color: eventsHeld ? AMBER : undefined }}
    >
      {text}
    </Typography.Text>
  );
}

/**
 * The janaza, correction and cancellation templates Meta would retry for more than 12 hours, each named once with its
 * languages: "ummahnotify_correction (en, ta)". Amber, as what waits is: they can reach a phone after the prayer.
 */
export function WhatsAppLateTemplates({ templates }: { templates: TemplateTtl[] }) {
  const { t } = useTranslation('delivery');
  const languages = new Map<string, string[]>();
  for (const { name, language } of templates) languages.set(name, [...(languages.get(name) ?? []), language]);
  const named = [...languages].map(([name, langs]) => `${name} (${langs.sort().join(', ')})`).join(', ');
  return (
    <Typography.Text
      data-testid="whatsapp-late-templates"
      style={{ display: 'block', fontSize: 12, color: AMBER, overflowWrap: 'anywhere' }}
    >
      {t('channels.whatsappLateTemplates', { templates: named })}
    </Typography.Text>
  );
}
