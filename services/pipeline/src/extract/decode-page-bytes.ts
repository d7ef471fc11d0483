import iconv from 'iconv-lite';
import { bomEncoding, headerCharset, isValidUtf8, normaliseEncoding } from '../sources/decode-feed-bytes';

/** Browsers look for a charset declaration in the first 1024 bytes; some pages put it later. */
const SNIFF_BYTES = 4096;

/** The charset of `<meta charset>` or `<meta http-equiv="Content-Type" content="...charset=">`. */
function metaCharset(body: Buffer): string | null {
  const head = body.subarray(0, SNIFF_BYTES).toString('latin1');
  const direct = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i.exec(head);
  return direct?.[1] ?? null;
}

/**
 * Decodes page bytes to text like a browser: byte order mark, else the HTTP Content-Type
 * charset, else the page's own meta declaration; a declared UTF-8 that is not valid UTF-8, or no
 * declaration at all, is read as UTF-8 when valid and windows-1252 otherwise.
 */
export function decodePageBytes(body: Buffer, contentType?: string | null): string {
  const bom = bomEncoding(body);
  if (bom) return iconv.decode(body.subarray(bom.length), bom.encoding);
  const declared = headerCharset(contentType) ?? metaCharset(body);
  const encoding = declared ? normaliseEncoding(declared) : null;
  // UTF-16 labels in a meta tag are wrong by construction (the tag itself was read as ASCII).
  const usable = encoding && !encoding.startsWith('utf-16') && !encoding.startsWith('utf16') ? encoding : null;
  if (usable && !(usable.replace('-', '') === 'utf8' && !isValidUtf8(body))) return iconv.decode(body, usable);
  return isValidUtf8(body) ? body.toString('utf8') : iconv.decode(body, 'windows-1252');
}
