import { gunzipSync } from 'node:zlib';
import iconv from 'iconv-lite';

/** True when the bytes start with the gzip magic number. */
export function isGzip(body: Uint8Array): boolean {
  return body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b;
}

/** Gunzips gzip bytes (servers and files send compressed feeds without saying so). */
export function gunzipIfNeeded(body: Buffer, maxBytes = 50 * 1024 * 1024): Buffer {
  if (!isGzip(body)) return body;
  // The cap keeps a small "gzip bomb" from expanding without bound.
  return gunzipSync(body, { maxOutputLength: maxBytes });
}

/** The encoding a byte order mark names, and the mark's length. */
export function bomEncoding(body: Buffer): { encoding: string; length: number } | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (body[0] === 0xff && body[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (body[0] === 0xfe && body[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** The encoding named in an XML declaration (`<?xml ... encoding="gb2312"?>`). */
function declaredEncoding(body: Buffer): string | null {
  const head = body.subarray(0, 512).toString('latin1');
  const match = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/i.exec(head);
  return match?.[1] ?? null;
}

/** The charset parameter of an HTTP Content-Type header. */
export function headerCharset(contentType: string | null | undefined): string | null {
  const match = /charset\s*=\s*"?([A-Za-z0-9._:-]+)/i.exec(contentType ?? '');
  return match?.[1] ?? null;
}

/** True when the bytes decode as UTF-8 without a replacement. */
export function isValidUtf8(body: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

/** An iconv-lite encoding for a declared charset label, as browsers read the label; null if unknown. */
export function normaliseEncoding(name: string): string | null {
  const lower = name.toLowerCase();
  // Publishers label windows-1252 text as ISO-8859-1; decoding as 1252 is what browsers do.
  if (lower === 'iso-8859-1' || lower === 'latin1' || lower === 'us-ascii') return 'windows-1252';
  // GB2312 labels cover GBK bytes in practice; GBK is a superset.
  if (lower === 'gb2312') return 'gbk';
  return iconv.encodingExists(lower) ? lower : null;
}

/**
 * Decodes feed bytes to text. The charset comes from the byte order mark, else the XML
 * declaration, else the HTTP Content-Type; without any, UTF-8 when the bytes are valid UTF-8 and
 * windows-1252 otherwise (old feeds without a declaration are Latin-1 more often than not).
 */
export function decodeFeedBytes(body: Buffer, contentType?: string | null): string {
  const bom = bomEncoding(body);
  if (bom) return iconv.decode(body.subarray(bom.length), bom.encoding);
  const xmlDeclared = declaredEncoding(body);
  // JSON is UTF-8 by definition (RFC 8259); a server's charset label does not change its bytes.
  if (!xmlDeclared && /^\s*[{[]/.test(body.subarray(0, 64).toString('latin1')) && isValidUtf8(body)) {
    return body.toString('utf8');
  }
  const declared = xmlDeclared ?? headerCharset(contentType);
  const encoding = declared ? normaliseEncoding(declared) : null;
  // A feed that says UTF-8 but is not (a common server mistake) falls back like an unlabeled one.
  if (encoding && !(encoding.replace('-', '') === 'utf8' && !isValidUtf8(body))) {
    return iconv.decode(body, encoding);
  }
  return isValidUtf8(body) ? body.toString('utf8') : iconv.decode(body, 'windows-1252');
}
