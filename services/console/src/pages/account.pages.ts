import type { QuotaLimits } from '@trendscope/core';
import { html } from './html';
import { csrfField, renderPage, type PageFrame } from './layout';

/** The account page: quotas and deletion. */
export function accountPage(
  frame: PageFrame,
  registered: QuotaLimits,
  anonymous: QuotaLimits,
  keyCount: number,
): string {
  const n = (v: number): string => v.toLocaleString('en');
  return renderPage(
    frame,
    html`<section aria-labelledby="quotas">
        <h2 id="quotas">Your quotas</h2>
        <table>
          <caption class="visually-hidden">
            Quotas
          </caption>
          <thead>
            <tr>
              <th scope="col">Caller</th>
              <th scope="col" class="num">Per minute</th>
              <th scope="col" class="num">Per UTC day</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Each of your keys</th>
              <td class="num">${n(registered.perMinute)}</td>
              <td class="num">${n(registered.perDay)}</td>
            </tr>
            <tr>
              <th scope="row">Without a key (per address)</th>
              <td class="num">${n(anonymous.perMinute)}</td>
              <td class="num">${n(anonymous.perDay)}</td>
            </tr>
          </tbody>
        </table>
        <p class="muted">
          Each key is counted on its own. Higher reserved ceilings are arranged by agreement with the operator.
        </p>
      </section>
      <section aria-labelledby="delete" class="card danger">
        <h2 id="delete">Delete your account</h2>
        <p>
          This revokes your ${keyCount} active ${keyCount === 1 ? 'key' : 'keys'} at once and signs you out everywhere.
          It cannot be undone.
        </p>
        <form method="post" action="/console/account/delete">
          ${csrfField(frame.csrf)}
          <label for="password">Your password, to confirm</label>
          <input id="password" name="password" type="password" autocomplete="current-password" required />
          <button type="submit" class="danger">Delete account and revoke keys</button>
        </form>
      </section>`,
  );
}

/** A page for a console error (not found, unavailable). */
export function errorPage(frame: PageFrame, message: string): string {
  return renderPage(
    frame,
    html`<p>${message}</p>
      <p><a href="/console">Back to the console</a></p>`,
  );
}
