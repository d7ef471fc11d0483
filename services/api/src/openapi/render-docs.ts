import type { JsonSchema } from '../routes/route-spec';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

// Backticks in descriptions become <code>, after escaping.
function prose(text: unknown): string {
  return esc(text ?? '').replace(/`([^`]+)`/g, '<code>$1</code>');
}

interface Param {
  name: string;
  in: string;
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
}

const num = (v: unknown): string => (typeof v === 'number' ? String(v) : '');

function constraints(s: Record<string, unknown>): string {
  const parts: string[] = [];
  if (s.minimum !== undefined || s.maximum !== undefined) parts.push(`${num(s.minimum)}..${num(s.maximum)}`);
  if (s.minLength !== undefined || s.maxLength !== undefined)
    parts.push(`${num(s.minLength) || '0'}..${num(s.maxLength)} chars`);
  if (Array.isArray(s.enum)) parts.push(`one of ${s.enum.map(String).join(', ')}`);
  // In words where the document has them; the exact pattern stays in /docs/openapi.json.
  if (typeof s['x-pattern-words'] === 'string') parts.push(s['x-pattern-words']);
  else if (typeof s.pattern === 'string') parts.push(`pattern <code>${esc(s.pattern)}</code>`);
  if (s.default !== undefined) parts.push(`default ${esc(s.default)}`);
  return parts.map((p) => (p.includes('<code>') ? p : esc(p))).join('; ');
}

function example(base: string, path: string, params: Param[]): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, n: string) => (n === 'domain' ? 'bbc.co.uk' : 'tr_k3v7x2mq4d'));
  const q = params.filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=ai%20act`);
  return `curl -s '${base}${filled}${q.length ? `?${q.join('&')}` : ''}'`;
}

function schemaName(s: unknown): string {
  const r = (s as { $ref?: string } | undefined)?.$ref;
  return r ? r.replace('#/components/schemas/', '') : 'object';
}

/** A readable, self-contained HTML page of the OpenAPI document (no scripts, no external assets). */
export function renderDocsPage(doc: JsonSchema): string {
  const info = doc.info as { title: string; version: string; description: string };
  const base = ((doc.servers as { url: string }[])[0]?.url ?? '').replace(/\/$/, '');
  const sections = Object.entries(doc.paths as Record<string, { get: JsonSchema }>).map(([path, item]) => {
    const op = item.get;
    const params = (op.parameters as Param[]) ?? [];
    const rows = params
      .map(
        (p) =>
          `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${esc(p.schema.type)}</td>` +
          `<td>${p.required ? 'yes' : 'no'}</td><td>${constraints(p.schema)}</td><td>${prose(p.description)}</td></tr>`,
      )
      .join('');
    const responses = Object.entries(
      op.responses as Record<string, { description: string; content?: Record<string, { schema: unknown }> }>,
    )
      .map(
        ([code, r]) =>
          `<li><b>${esc(code)}</b> ${prose(r.description)}${r.content ? ` <i>(${esc(schemaName(r.content['application/json']?.schema))})</i>` : ''}</li>`,
      )
      .join('');
    return `<section id="${esc(op.operationId)}"><h2><span class="m">GET</span> <code>${esc(path)}</code></h2>
<p><b>${esc(op.summary)}</b></p><p>${prose(op.description)}</p>
${rows ? `<table><thead><tr><th>parameter</th><th>in</th><th>type</th><th>required</th><th>bounds</th><th>meaning</th></tr></thead><tbody>${rows}</tbody></table>` : '<p><i>No parameters.</i></p>'}
<h3>Responses</h3><ul>${responses}</ul><pre>${esc(example(base, path, params))}</pre></section>`;
  });
  const schemas = Object.entries((doc.components as { schemas: Record<string, unknown> }).schemas)
    .map(
      ([name, s]) =>
        `<details><summary><code>${esc(name)}</code></summary><pre>${esc(JSON.stringify(s, null, 2))}</pre></details>`,
    )
    .join('');
  const nav = Object.entries(doc.paths as Record<string, { get: { operationId: string } }>)
    .map(([path, item]) => `<li><a href="#${esc(item.get.operationId)}"><code>${esc(path)}</code></a></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)} ${esc(info.version)}</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:2rem auto;padding:0 1rem;color:#1b1f24}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f4f6f8;padding:.6rem;overflow:auto}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #d5dbe1;padding:.3rem .5rem;text-align:left;vertical-align:top}
section{border-top:2px solid #d5dbe1;margin-top:2rem}.m{background:#0b6e4f;color:#fff;padding:0 .4rem;border-radius:3px;font-size:.8em}
</style></head><body><h1>${esc(info.title)} <small>${esc(info.version)}</small></h1><p>${prose(info.description)}</p>
<p>Machine-readable: <a href="/docs/openapi.json">/docs/openapi.json</a> (OpenAPI 3.1). Base URL: <code>${esc(base)}</code></p>
<ul>${nav}</ul>${sections.join('\n')}<section><h2>Schemas</h2>${schemas}</section></body></html>`;
}
