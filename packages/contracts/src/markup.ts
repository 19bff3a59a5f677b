/**
 * Text safe inside HTML or XML, as element content or a quoted attribute value: the five
 * characters markup gives meaning to. One function for every page, sitemap and picture the
 * server writes by hand and every bit of HTML the portal builds as text (a chart's tooltip, a
 * link the editor inserts); `&#39;` is the apostrophe both HTML and XML read.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}
