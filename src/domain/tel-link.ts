/**
 * A phone number as a tap-to-call link (RFC 3966): digits only, with the country code. A US number
 * written "(512) 555-0142" becomes "tel:+15125550142"; one written with "+" keeps its own code.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  return `tel:+1${digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits}`;
}
