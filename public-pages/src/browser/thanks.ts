import { marked, show, startPage } from './page';

/** wa.me wants the international number as digits only: '+65 8123 4567' -> https://wa.me/6581234567. */
export function whatsappLink(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/** docs/product/screens.md#thanks: the support chat link, when the server's SUPPORT_WHATSAPP is set. */
startPage((config) => {
  if (!config.supportWhatsapp) return;
  const link = whatsappLink(config.supportWhatsapp);
  for (const support of marked('support')) support.querySelector('a')?.setAttribute('href', link);
  show(marked('support'));
});
