import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
import { Agent, errors as undiciErrors, request, type Dispatcher } from 'undici';
import { classifyAddress } from './address-policy';
import { isAllowListed } from './allow-list';
import { FetchError, isPermanentStatus } from './fetch-error';
import { createGuardedLookup, type ConnectLookup } from './guarded-lookup';

/** Limits and identity of the fetcher (from the `pipeline` config section). */
export interface SafeFetcherOptions {
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  allowHosts: readonly string[];
  /** Replaces DNS resolution (tests). */
  lookup?: ConnectLookup;
}

/** Validators of a previous response, for a conditional GET. */
export interface Validators {
  etag?: string | null;
  lastModified?: string | null;
}

/** A fetched resource (2xx, or 304 when `notModified`). */
export interface FetchedResource {
  /** URL after redirects. */
  url: string;
  status: number;
  notModified: boolean;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
  body: Buffer;
}

/** Fetches one URL within the fetcher's limits; throws FetchError. */
export type SafeFetch = (url: string, opts?: { validators?: Validators; accept?: string }) => Promise<FetchedResource>;

/** The fetcher and the connection pools it owns. */
export interface SafeFetcher {
  fetch: SafeFetch;
  close(): Promise<void>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Builds the only HTTP client the pipeline uses for sources: http/https only, SSRF guard after DNS
 * resolution with the connection pinned to the checked address, redirects followed by hand so
 * every hop is checked again, a redirect cap, a size cap (also after decompression), a time-out
 * over the whole exchange, conditional GET, and an honest User-Agent.
 */
export function createSafeFetcher(opts: SafeFetcherOptions): SafeFetcher {
  const guarded = new Agent({
    connect: { lookup: opts.lookup ?? createGuardedLookup(), timeout: opts.timeoutMs },
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
    connections: 64,
  });
  // Allow-listed hosts (the local feed server, a test server) skip the address check only.
  const open = new Agent({ headersTimeout: opts.timeoutMs, bodyTimeout: opts.timeoutMs, connections: 64 });

  const fetchOnce = async (url: URL, headers: Record<string, string>, signal: AbortSignal) => {
    const allowed = isAllowListed(url, opts.allowHosts);
    if (!allowed) {
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const cls = classifyAddress(host);
      // A literal IP skips DNS (and so the guarded lookup): judge it here.
      if (cls !== 'invalid' && cls !== 'public') {
        throw new FetchError('blocked_address', `refused: ${host} is a ${cls} address`, true);
      }
    }
    const dispatcher: Dispatcher = allowed ? open : guarded;
    return request(url, { method: 'GET', headers, dispatcher, signal, maxRedirections: 0 } as Parameters<
      typeof request
    >[1]);
  };

  const fetch: SafeFetch = async (rawUrl, { validators, accept } = {}) => {
    let url = parseHttpUrl(rawUrl);
    const signal = AbortSignal.timeout(opts.timeoutMs);
    const headers: Record<string, string> = {
      'user-agent': opts.userAgent,
      accept: accept ?? '*/*',
      'accept-encoding': 'gzip, deflate, br',
    };
    if (validators?.etag) headers['if-none-match'] = validators.etag;
    if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    try {
      for (let hop = 0; ; hop++) {
        const res = await fetchOnce(url, headers, signal);
        if (REDIRECTS.has(res.statusCode)) {
          await res.body.dump();
          const location = header(res.headers, 'location');
          if (!location) throw new FetchError('http_status', `redirect without Location from ${url.href}`, true);
          if (hop >= opts.maxRedirects) {
            throw new FetchError('too_many_redirects', `more than ${opts.maxRedirects} redirects from ${rawUrl}`, true);
          }
          url = parseHttpUrl(new URL(location, url).href);
          continue;
        }
        const base = {
          url: url.href,
          status: res.statusCode,
          contentType: header(res.headers, 'content-type'),
          etag: header(res.headers, 'etag'),
          lastModified: header(res.headers, 'last-modified'),
        };
        if (res.statusCode === 304) {
          await res.body.dump();
          return { ...base, notModified: true, body: Buffer.alloc(0) };
        }
        if (res.statusCode < 200 || res.statusCode >= 300) {
          await res.body.dump();
          throw new FetchError(
            'http_status',
            `HTTP ${res.statusCode} from ${url.href}`,
            isPermanentStatus(res.statusCode),
            res.statusCode,
          );
        }
        const raw = await readCapped(res, opts.maxBytes, url.href);
        const body = decode(raw, header(res.headers, 'content-encoding'), opts.maxBytes, url.href);
        return { ...base, notModified: false, body };
      }
    } catch (err) {
      throw toFetchError(err, rawUrl);
    }
  };

  return {
    fetch,
    async close() {
      await Promise.allSettled([guarded.close(), open.close()]);
    },
  };
}

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError('bad_url', `not a URL: ${raw.slice(0, 200)}`, true);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('bad_url', `only http and https are fetched, not ${url.protocol}`, true);
  }
  if (url.username || url.password) throw new FetchError('bad_url', 'URLs with credentials are not fetched', true);
  return url;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const v = headers[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}

async function readCapped(res: Dispatcher.ResponseData<unknown>, maxBytes: number, url: string): Promise<Buffer> {
  const declared = Number(header(res.headers, 'content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.body.destroy();
    throw new FetchError('too_large', `${url} declares ${declared} bytes (cap ${maxBytes})`, true);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      res.body.destroy();
      throw new FetchError('too_large', `${url} is larger than ${maxBytes} bytes`, true);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function decode(raw: Buffer, encoding: string | null, maxBytes: number, url: string): Buffer {
  const enc = (encoding ?? '').trim().toLowerCase();
  if (enc === '' || enc === 'identity') return raw;
  try {
    // maxOutputLength keeps a decompression bomb within the same cap.
    if (enc === 'gzip' || enc === 'x-gzip') return gunzipSync(raw, { maxOutputLength: maxBytes });
    if (enc === 'deflate') return inflateSync(raw, { maxOutputLength: maxBytes });
    if (enc === 'br') return brotliDecompressSync(raw, { maxOutputLength: maxBytes });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new FetchError('too_large', `${url} decompresses to more than ${maxBytes} bytes`, true);
    }
    throw new FetchError('network', `${url}: undecodable ${enc} body`, false);
  }
  return raw;
}

function toFetchError(err: unknown, url: string): FetchError {
  if (err instanceof FetchError) return err;
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof FetchError) return cause;
  const e = err as NodeJS.ErrnoException & { name?: string };
  if (
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    err instanceof undiciErrors.HeadersTimeoutError ||
    err instanceof undiciErrors.BodyTimeoutError ||
    err instanceof undiciErrors.ConnectTimeoutError
  ) {
    return new FetchError('timeout', `time-out fetching ${url}`, false);
  }
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') {
    return new FetchError('dns', `cannot resolve the host of ${url} (${e.code}: no DNS answer; offline?)`, false);
  }
  return new FetchError('network', `cannot fetch ${url}: ${e.code ?? e.message}`, false);
}
