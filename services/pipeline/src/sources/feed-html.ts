import sanitizeHtml from 'sanitize-html';
import { isHiddenElement, SCRIPT_URL_TEXT } from '../sanitise/hidden-element';

/** Resolves a possibly relative URL; null when it cannot be made an absolute http(s) URL. */
export function resolveHttpUrl(value: string | null | undefined, base: string | null): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  try {
    const url = base ? new URL(trimmed, base) : new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Resolves a base (xml:base) against its parent base; keeps the parent when it cannot. */
export function resolveBase(value: string | null | undefined, parent: string | null): string | null {
  return resolveHttpUrl(value, parent) ?? parent;
}

const URL_ATTRIBUTES = ['href', 'src', 'poster', 'cite'];

function resolveSrcset(srcset: string, base: string | null): string {
  return srcset
    .split(',')
    .map((candidate) => {
      const [url, ...descriptor] = candidate.trim().split(/\s+/);
      const resolved = resolveHttpUrl(url, base);
      return resolved ? [resolved, ...descriptor].join(' ') : null;
    })
    .filter((c): c is string => c !== null)
    .join(', ');
}

/**
 * Feed HTML as safe HTML: sanitize-html's default allowlist (no scripts, event handlers,
 * `javascript:` URLs, iframes or styles) plus images, with every URL made absolute against the
 * entry's base, so the markup can be shown or re-parsed later without surprises.
 */
export function cleanFeedHtml(html: string | null | undefined, base: string | null): string | null {
  if (!html || html.trim() === '') return null;
  const resolveAttributes = (tagName: string, attribs: sanitizeHtml.Attributes) => {
    const out: sanitizeHtml.Attributes = { ...attribs };
    for (const name of URL_ATTRIBUTES) {
      const value = out[name];
      if (value === undefined) continue;
      // URLs that cannot be made absolute http(s) (javascript:, mailto:, junk) are dropped.
      const resolved = resolveHttpUrl(value, base);
      if (resolved) out[name] = resolved;
      else delete out[name];
    }
    if (out.srcset !== undefined) out.srcset = resolveSrcset(out.srcset, base);
    return { tagName, attribs: out };
  };
  const clean = sanitizeHtml(html.replaceAll('\u0000', ''), {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'picture', 'source', 'video'],
    allowedAttributes: {
      a: ['href', 'title'],
      img: ['src', 'srcset', 'alt', 'title', 'width', 'height'],
      source: ['src', 'srcset', 'type', 'media'],
      video: ['poster', 'src'],
      blockquote: ['cite'],
      q: ['cite'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { '*': resolveAttributes },
    // Hidden text would become visible once its hiding attribute is dropped: drop it whole.
    exclusiveFilter: (frame) => isHiddenElement(frame.attribs),
    textFilter: (text) => text.replace(SCRIPT_URL_TEXT, ' '),
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'iframe', 'object'],
  });
  return clean.trim() === '' ? null : clean.trim();
}

/** Escapes plain text for use as HTML (Atom `type="text"`, JSON Feed content_text). */
export function textToHtml(text: string | null | undefined): string | null {
  if (!text || text.trim() === '') return null;
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped
    .split(/\n\s*\n/)
    .map((p) => `<p>${p.trim()}</p>`)
    .join('\n');
}
