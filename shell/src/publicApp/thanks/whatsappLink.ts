/** wa.me wants the international number as digits only: '+65 8123 4567' -> https://wa.me/6581234567. */
export function whatsappLink(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}
