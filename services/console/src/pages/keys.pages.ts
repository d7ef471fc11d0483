import { API_KEY_NAME_MAX, type ApiKeyDoc, type QuotaLimits } from '@trendscope/core';
import { html, type SafeHtml } from './html';
import { keySnippets } from './key-snippets';
import { csrfField, renderPage, type PageFrame } from './layout';
import { usageChart } from './usage-chart';

/** One key as the list shows it: never its secret. */
export interface KeyRow {
  doc: ApiKeyDoc;
  limits: QuotaLimits;
  minute: number;
  day: number;
}

const when = (iso: string | null): SafeHtml =>
  iso
    ? html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`
    : html`<span class="muted">never</span>`;

/** `ts_live_AbCd…wxyz`: what identifies a key without revealing it. */
export function keyLabel(doc: ApiKeyDoc): string {
  return `${doc.prefix}…${doc.last4}`;
}

function usageCell(used: number, limit: number): SafeHtml {
  return html`<span class="usage">${used.toLocaleString('en')} / ${limit.toLocaleString('en')}</span>
    <meter
      min="0"
      max="${limit}"
      high="${Math.floor(limit * 0.8)}"
      value="${Math.min(used, limit)}"
      aria-hidden="true"
    ></meter>`;
}

/** The columns every key table starts with. */
const KEY_HEADS = html`<th scope="col">Name</th>
  <th scope="col">Key</th>
  <th scope="col">Created</th>
  <th scope="col">Last used</th>`;

/**
 * A table of keys: the columns every key table starts with, then `heads`; a row a key, `cells`
 * giving its cells (keyCells first).
 */
function keyTable(
  className: string,
  caption: string,
  heads: SafeHtml,
  rows: readonly KeyRow[],
  cells: (row: KeyRow) => SafeHtml,
): SafeHtml {
  return html`<table class="${className}">
    <caption>
      ${caption}
    </caption>
    <thead>
      <tr>
        ${KEY_HEADS} ${heads}
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (r) =>
          html`<tr>
            ${cells(r)}
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** A key's first cells (name linked to its page, label, created, last used), `mark` after the label. */
function keyCells(doc: ApiKeyDoc, mark: SafeHtml | string = ''): SafeHtml {
  return html`<th scope="row"><a href="/console/keys/${doc.id}">${doc.name}</a></th>
    <td><code>${keyLabel(doc)}</code>${mark}</td>
    <td>${when(doc.created_at)}</td>
    <td>${when(doc.last_used_at)}</td>`;
}

/**
 * Revoked keys stay listed (marked revoked, linked to their usage history) so an owner can still
 * tell what a key did and when it stopped; they have no actions.
 */
function revokedTable(rows: readonly KeyRow[]): SafeHtml | string {
  if (rows.length === 0) return '';
  return keyTable(
    'keys revoked',
    'Revoked keys',
    html`<th scope="col">Revoked</th>`,
    rows,
    (r) =>
      html`${keyCells(r.doc, html` <span class="badge">revoked</span>`)}
        <td>${when(r.doc.revoked_at)}</td>`,
  );
}

/** The keys page: the live keys, the revoked ones, the create form and how to send a key. */
export function keysPage(frame: PageFrame, allRows: readonly KeyRow[], apiBase: string, defaults: QuotaLimits): string {
  const rows = allRows.filter((r) => r.doc.revoked_at === null);
  const revoked = allRows.filter((r) => r.doc.revoked_at !== null);
  const table = rows.length
    ? keyTable(
        'keys',
        'Your API keys',
        html`<th scope="col">This minute</th>
          <th scope="col">Today (UTC)</th>
          <th scope="col"><span class="visually-hidden">Actions</span></th>`,
        rows,
        (r) =>
          html`${keyCells(r.doc)}
            <td>${usageCell(r.minute, r.limits.perMinute)}</td>
            <td>${usageCell(r.day, r.limits.perDay)}</td>
            <td class="actions">
              <a href="/console/keys/${r.doc.id}"
                >Usage, rotate, revoke<span class="visually-hidden"> ${r.doc.name}</span></a
              >
            </td>`,
      )
    : revoked.length
      ? html`<p class="empty">You have no live keys. Create one below.</p>`
      : html`<p class="empty">You have no keys yet. Create one below.</p>`;
  return renderPage(
    frame,
    html`${table} ${revokedTable(revoked)}
      <section aria-labelledby="create" class="card">
        <h2 id="create">Create a key</h2>
        <form method="post" action="/console/keys">
          ${csrfField(frame.csrf)}
          <label for="name">Name</label>
          <input
            id="name"
            name="name"
            required
            maxlength="${API_KEY_NAME_MAX}"
            aria-describedby="name-hint"
            placeholder="e.g. research agent"
          />
          <p id="name-hint" class="hint">What the key is for, so you can tell your keys apart.</p>
          <button type="submit">Create key</button>
        </form>
        <p class="muted">
          A new key allows ${defaults.perMinute.toLocaleString('en')} requests a minute and
          ${defaults.perDay.toLocaleString('en')} a day.
        </p>
      </section>
      ${keySnippets(apiBase, 'ts_live_…')}`,
  );
}

/** The page that shows a new (or rotated) key: the only time it is ever shown. */
export function keyShownPage(frame: PageFrame, doc: ApiKeyDoc, key: string, apiBase: string): string {
  return renderPage(
    frame,
    html`<section class="card reveal" aria-labelledby="key-label">
        <p class="warning" role="alert">
          <strong>Copy this key now.</strong> It is shown only once: Trendscope keeps only a hash of it and cannot show
          it again. Store it like a password; if it leaks, rotate or revoke it.
        </p>
        <label id="key-label" for="new-key">Your key “${doc.name}”</label>
        <div class="copy-row">
          <input id="new-key" class="secret" readonly value="${key}" spellcheck="false" autocomplete="off" />
          <button type="button" data-copy="new-key" hidden>Copy</button>
        </div>
        <p class="hint" id="copy-status" role="status"></p>
        <p><a href="/console/keys">Back to your keys</a></p>
      </section>
      ${keySnippets(apiBase, key)}`,
  );
}

/** One key: usage over 30 days, quotas, rotate and revoke. */
export function keyDetailPage(
  frame: PageFrame,
  row: KeyRow,
  history: readonly { day: string; requests: number }[],
): string {
  const d = row.doc;
  return renderPage(
    frame,
    html`<dl class="facts">
        <dt>Key</dt>
        <dd><code>${keyLabel(d)}</code></dd>
        <dt>Created</dt>
        <dd>${when(d.created_at)}</dd>
        <dt>Last used</dt>
        <dd>${when(d.last_used_at)}</dd>
        ${
          d.rotated_at
            ? html`<dt>Last rotated</dt>
                <dd>${when(d.rotated_at)}</dd>`
            : ''
        }
        ${
          d.previous_expires_at
            ? html`<dt>Previous secret works until</dt>
                <dd>${when(d.previous_expires_at)}</dd>`
            : ''
        }
        ${
          d.revoked_at
            ? html`<dt>Revoked</dt>
                <dd>${when(d.revoked_at)} <span class="badge">revoked</span></dd>`
            : ''
        }
        <dt>This minute</dt>
        <dd>${usageCell(row.minute, row.limits.perMinute)}</dd>
        <dt>Today (UTC)</dt>
        <dd>${usageCell(row.day, row.limits.perDay)}</dd>
      </dl>
      <section aria-labelledby="usage">
        <h2 id="usage">Usage</h2>
        ${usageChart(history)}
      </section>
      ${d.revoked_at ? revokedNote() : keyActions(frame, d)}`,
  );
}

/** What a revoked key's page says instead of its actions. */
function revokedNote(): SafeHtml {
  return html`<p class="card" role="note">
    This key is revoked: every request with it is refused. Its usage stays here for your records.
  </p>`;
}

/** Rotate (an hour's grace unless chosen otherwise) and revoke, for a live key. */
function keyActions(frame: PageFrame, d: ApiKeyDoc): SafeHtml {
  return html`<section aria-labelledby="rotate" class="card">
      <h2 id="rotate">Rotate</h2>
      <p>Rotation gives this key a new secret. Its quota and usage stay with it.</p>
      <form method="post" action="/console/keys/${d.id}/rotate">
        ${csrfField(frame.csrf)}
        <label for="grace">Keep the current secret working for</label>
        <select id="grace" name="grace" aria-describedby="grace-hint">
          <option value="3600" selected>1 hour</option>
          <option value="86400">24 hours</option>
          <option value="0">no time: refuse it at once</option>
        </select>
        <p id="grace-hint" class="hint">
          Running agents keep working with the current secret meanwhile; choose "no time" if it leaked.
        </p>
        <button type="submit">Rotate key</button>
      </form>
    </section>
    <section aria-labelledby="revoke" class="card danger">
      <h2 id="revoke">Revoke</h2>
      <p>A revoked key is refused at once, everywhere. This cannot be undone.</p>
      <p><a class="button danger" href="/console/keys/${d.id}/revoke">Revoke this key…</a></p>
    </section>`;
}

/** Asks before revoking. */
export function revokeConfirmPage(frame: PageFrame, doc: ApiKeyDoc): string {
  return renderPage(
    frame,
    html`<section class="card danger">
      <p>
        Revoke <strong>${doc.name}</strong> (<code>${keyLabel(doc)}</code>)? Requests with it will be refused with 401
        from now on.
      </p>
      <form method="post" action="/console/keys/${doc.id}/revoke">
        ${csrfField(frame.csrf)}
        <button type="submit" class="danger">Yes, revoke it</button>
        <a href="/console/keys/${doc.id}">No, keep it</a>
      </form>
    </section>`,
  );
}
