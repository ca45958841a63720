/** Masks that keep page text useful for research while removing contact details. */
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
// Seven or more digits, grouped by up to two spaces, dots, dashes or parentheses, optionally with a leading +.
const PHONE = /(?<![\w+])(?:\+|\()?\d(?:[\s().-]{0,2}\d){6,}\)?(?![\w])/g;
// Dates such as 2026-11-21 have as many digits as a phone number but are not one.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function maskPii(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, (m) => (ISO_DATE.test(m) ? m : '[phone]'));
}
