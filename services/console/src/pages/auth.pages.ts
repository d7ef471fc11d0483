import { PASSWORD_MIN } from '../accounts/password-rules';
import { html, type SafeHtml } from './html';
import { csrfField, renderPage } from './layout';

/** The form shared by sign-in and sign-up: CSRF field, then the e-mail address, then `rest`. */
function accountForm(
  action: string,
  opts: { csrf: string; email?: string; error?: string | null },
  intro: SafeHtml | '',
  rest: SafeHtml,
): SafeHtml {
  return html`<form
    method="post"
    action="${action}"
    class="card narrow"
    ${opts.error ? html`aria-describedby="form-error"` : ''}
  >
    ${csrfField(opts.csrf)} ${intro}
    <label for="email">E-mail address</label>
    <input
      id="email"
      name="email"
      type="email"
      autocomplete="username"
      required
      value="${opts.email ?? ''}"
      autofocus
    />
    ${rest}
  </form>`;
}

/** The sign-in form. */
export function signInPage(opts: {
  csrf: string;
  email?: string;
  error?: string | null;
  notice?: string | null;
}): string {
  return renderPage(
    { title: 'Sign in', email: null, csrf: opts.csrf, error: opts.error ?? null, notice: opts.notice ?? null },
    accountForm(
      '/console/sign-in',
      opts,
      '',
      html`<label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <button type="submit">Sign in</button>
        <p class="muted">No account yet? <a href="/console/sign-up">Create one</a>.</p>`,
    ),
  );
}

/** The sign-up form. */
export function signUpPage(opts: { csrf: string; email?: string; error?: string | null }): string {
  return renderPage(
    { title: 'Create an account', email: null, csrf: opts.csrf, error: opts.error ?? null },
    accountForm(
      '/console/sign-up',
      opts,
      html`<p>
        An account lets your agents use API keys with higher quotas. Answers are the same with or without a key.
      </p>`,
      html`<label for="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="new-password"
          required
          minlength="${PASSWORD_MIN}"
          aria-describedby="password-hint"
        />
        <p id="password-hint" class="hint">
          At least ${PASSWORD_MIN} characters. A passphrase of a few words is easy to remember.
        </p>
        <label for="confirm">Password again</label>
        <input
          id="confirm"
          name="confirm"
          type="password"
          autocomplete="new-password"
          required
          minlength="${PASSWORD_MIN}"
        />
        <button type="submit">Create account</button>
        <p class="muted">Already registered? <a href="/console/sign-in">Sign in</a>.</p>`,
    ),
  );
}
