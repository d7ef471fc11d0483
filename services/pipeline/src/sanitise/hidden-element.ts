const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b/i;

/** True for an element a browser would not show (hidden attribute, aria-hidden, inline style). */
export function isHiddenElement(attribs: Record<string, string>): boolean {
  if ('hidden' in attribs) return true;
  if ((attribs['aria-hidden'] ?? '').toLowerCase() === 'true') return true;
  const style = attribs.style;
  return style !== undefined && HIDDEN_STYLE.test(style);
}

/**
 * Script URLs written as text (`javascript:alert(1)`): inert, but auto-linking readers differ.
 * A colon followed by a space is prose ("JavaScript: The Good Parts") and stays.
 */
export const SCRIPT_URL_TEXT = /(?:java|vb|live)script\s*:\S+/gi;
