import { CSRF_FIELD } from '../security/csrf';
import { html, type SafeHtml } from './html';

/** What every page shows around its content. */
export interface PageFrame {
  title: string;
  /** The signed-in address, or null on the sign-in and sign-up pages. */
  email: string | null;
  csrf: string;
  notice?: string | null;
  error?: string | null;
}

/** The hidden field every form posts. */
export function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}" />`;
}

/** A whole page: no CDN, one stylesheet and one small script of the console's own. */
export function renderPage(frame: PageFrame, content: SafeHtml): string {
  const nav = frame.email
    ? html`<nav aria-label="Console">
        <a href="/console/keys">API keys</a>
        <a href="/console/account">Account</a>
        <form method="post" action="/console/sign-out" class="inline">
          ${csrfField(frame.csrf)}
          <button type="submit" class="link">Sign out <span class="muted">(${frame.email})</span></button>
        </form>
      </nav>`
    : html`<nav aria-label="Console">
        <a href="/console/sign-in">Sign in</a><a href="/console/sign-up">Create an account</a>
      </nav>`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${frame.title} · Trendscope developer console</title>
        <link rel="stylesheet" href="/console/assets/console.css" />
        <script src="/console/assets/console.js" defer></script>
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
          <a class="brand" href="/console">Trendscope <span>developer console</span></a
          >${nav}
        </header>
        <main id="main" tabindex="-1">
          <h1>${frame.title}</h1>
          ${frame.notice ? html`<p class="notice" role="status">${frame.notice}</p>` : ''}
          ${frame.error ? html`<p class="error" role="alert" id="form-error">${frame.error}</p>` : ''} ${content}
        </main>
        <footer>
          <a href="/docs">API reference</a> · keys are sent as <code>Authorization: Bearer</code> or
          <code>X-API-Key</code>, never in a URL
        </footer>
      </body>
    </html> `.value;
}
