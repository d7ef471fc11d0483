import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { migrateIndices } from '@trendscope/core';
import { startApi, type RunningApi } from '../support/api';
import { openTestServices, type TestServices } from '../support/services';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = fileURLToPath(new URL('../../test-artifacts/console/', import.meta.url));
const PASSWORD = 'correct horse battery staple';

describe('developer console in headless Chromium', function () {
  this.timeout(120_000);
  let s: TestServices;
  let api: RunningApi;
  let browser: Browser;
  let shot = 0;

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      // infra/local/test.sh installs Debian's chromium; this only happens where it could not.
      console.warn(`console browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
      this.skip();
    }
    mkdirSync(SHOTS, { recursive: true });
    s = await openTestServices();
    await migrateIndices(s.opensearch, s.names, { kinds: ['accounts', 'api_keys'] });
    api = await startApi(s);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  after(async () => {
    await browser?.close();
    await api?.close();
    await s?.cleanup();
  });

  const snap = async (page: Page, name: string): Promise<void> => {
    shot += 1;
    await page.screenshot({ path: `${SHOTS}${String(shot).padStart(2, '0')}-${name}.png`, fullPage: true });
  };
  const signUp = async (context: BrowserContext, email: string): Promise<Page> => {
    const page = await context.newPage();
    await page.goto(`${api.url}/console`);
    await page.getByRole('link', { name: 'Create an account' }).first().click();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/console\/keys$/);
    return page;
  };
  /** Requests today (UTC) as the keys list shows them (the minute column would reset at a minute's edge). */
  const usedToday = async (page: Page, name: string): Promise<number> => {
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    const text = await row.locator('.usage').nth(1).innerText();
    return Number(text.split('/')[0]?.replace(/,/g, '').trim());
  };
  const callApi = (key: string): Promise<Response> =>
    fetch(`${api.url}/v1/categories`, { headers: { authorization: `Bearer ${key}` } });

  let firstKeyId = '';
  let liveSecret = '';
  let firstContext: BrowserContext;

  it('signs up (refusing a short password with a clear message), creates a key and shows it once', async () => {
    firstContext = await browser.newContext();
    const page = await firstContext.newPage();
    await page.goto(`${api.url}/console/sign-up`);
    await snap(page, 'sign-up');
    await page.getByLabel('E-mail address').fill('first@example.com');
    // The browser checks the length too; switch that off to see the server's own message.
    await page.locator('form.card').evaluate((form) => {
      form.setAttribute('novalidate', '');
    });
    await page.getByLabel('Password', { exact: true }).fill('too short');
    await page.getByLabel('Password again').fill('too short');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await page.getByRole('alert').innerText()).to.include('at least 12 characters');
    await snap(page, 'sign-up-refused');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/console\/keys$/);
    expect(await page.getByText('You have no keys yet').isVisible()).to.be.true;
    await snap(page, 'keys-empty');

    await page.getByLabel('Name').fill('research agent');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByRole('textbox', { name: 'Your key “research agent”' }).inputValue();
    expect(key).to.match(/^ts_live_[0-9A-Za-z]{38}$/);
    expect(await page.getByText('It is shown only once').isVisible()).to.be.true;
    expect(await page.getByRole('button', { name: 'Copy' }).isVisible()).to.be.true;
    await snap(page, 'key-created');

    const res = await callApi(key);
    expect(res.status).to.equal(200);
    expect(res.headers.get('ratelimit-policy')).to.equal('"minute";q=600;w=60, "day";q=100000;w=86400');

    await page.getByRole('link', { name: 'Back to your keys' }).click();
    expect(await page.content()).to.not.include(key);
    expect(await usedToday(page, 'research agent')).to.equal(1);
    for (let i = 0; i < 3; i++) await callApi(key);
    await page.reload();
    expect(await usedToday(page, 'research agent')).to.equal(4);
    await snap(page, 'keys-list');

    await page.getByRole('link', { name: 'research agent' }).first().click();
    firstKeyId = page.url().split('/').pop() ?? '';
    expect(firstKeyId).to.match(/^key_/);
    expect(await page.getByRole('img', { name: /Requests per day/ }).isVisible()).to.be.true;
    await snap(page, 'key-detail');

    // Rotation keeps the current secret for an hour unless told otherwise (running agents keep working).
    expect(await page.getByLabel('Keep the current secret working for').inputValue()).to.equal('3600');
    await page.getByRole('button', { name: 'Rotate key' }).click();
    const rotated = await page.getByRole('textbox', { name: 'Your key “research agent”' }).inputValue();
    expect(rotated).to.not.equal(key);
    await snap(page, 'key-rotated');
    await new Promise((r) => setTimeout(r, 300));
    expect((await callApi(key)).status, 'old secret within its grace').to.equal(200);
    expect((await callApi(rotated)).status).to.equal(200);
    expect(page.url()).to.include(firstKeyId);

    // A rotation posted without a grace (an old form, a script) gets the same hour, not none.
    const csrf = await page.locator('input[name=csrf_token]').first().inputValue();
    const posted = await page.request.post(`${api.url}/console/keys/${firstKeyId}/rotate`, {
      form: { csrf_token: csrf },
    });
    const again = /value="(ts_live_[^"]+)"/.exec(await posted.text())?.[1] ?? '';
    expect(again).to.match(/^ts_live_/);
    await new Promise((r) => setTimeout(r, 300));
    expect((await callApi(rotated)).status, 'previous secret within the default grace').to.equal(200);
    liveSecret = again;
  });

  it("keeps one account away from another account's keys", async () => {
    const context = await browser.newContext();
    const page = await signUp(context, 'second@example.com');
    await page.goto(`${api.url}/console/keys/${firstKeyId}`);
    expect(await page.title()).to.include('Not found');
    await snap(page, 'other-account-refused');
    const csrf = await page.locator('input[name=csrf_token]').first().inputValue();
    for (const action of ['rotate', 'revoke']) {
      const res = await page.request.post(`${api.url}/console/keys/${firstKeyId}/${action}`, {
        form: { csrf_token: csrf, grace: '0' },
        maxRedirects: 0,
      });
      expect(res.status(), action).to.equal(404);
    }
    await page.goto(`${api.url}/console/keys`);
    expect(await page.getByText('You have no keys yet').isVisible()).to.be.true;
    await context.close();
  });

  it('refuses a form post without the CSRF token', async () => {
    const page = await firstContext.newPage();
    const res = await page.request.post(`${api.url}/console/keys`, { form: { name: 'forged' }, maxRedirects: 0 });
    expect(res.status()).to.equal(403);
    const wrong = await page.request.post(`${api.url}/console/keys`, {
      form: { name: 'forged', csrf_token: 'x'.repeat(43) },
      maxRedirects: 0,
    });
    expect(wrong.status()).to.equal(403);
    await page.goto(`${api.url}/console/keys`);
    expect(await page.content()).to.not.include('forged');
  });

  it('revokes a key after confirmation; the API refuses it at once', async () => {
    const page = await firstContext.newPage();
    await page.goto(`${api.url}/console/keys/${firstKeyId}`);
    await page.getByRole('link', { name: 'Revoke this key…' }).click();
    await snap(page, 'revoke-confirm');
    await page.getByRole('button', { name: 'Yes, revoke it' }).click();
    await page.waitForURL(/notice=revoked/);
    expect(await page.getByRole('status').first().innerText()).to.include('revoked');
    await snap(page, 'key-revoked');
    await new Promise((r) => setTimeout(r, 300));
    expect((await callApi(liveSecret)).status).to.equal(401);

    // Still listed, marked revoked, with its usage history one click away; no actions left.
    const revoked = page.getByRole('table', { name: 'Revoked keys' });
    expect(await revoked.getByRole('rowheader', { name: 'research agent' }).isVisible()).to.be.true;
    expect(await revoked.getByText('revoked', { exact: true }).isVisible()).to.be.true;
    await snap(page, 'keys-list-revoked');
    await revoked.getByRole('link', { name: 'research agent' }).click();
    expect(page.url()).to.include(firstKeyId);
    expect(await page.getByRole('img', { name: /Requests per day/ }).isVisible()).to.be.true;
    expect(await page.getByText('This key is revoked').isVisible()).to.be.true;
    expect(await page.getByRole('button', { name: 'Rotate key' }).count()).to.equal(0);
    await snap(page, 'key-detail-revoked');
  });

  it('signs out, refuses a wrong password, signs in, shows the quotas and deletes the account with its keys', async () => {
    const page = await firstContext.newPage();
    await page.goto(`${api.url}/console/keys`);
    await page.getByLabel('Name').fill('last key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByRole('textbox', { name: 'Your key “last key”' }).inputValue();
    await page.getByRole('button', { name: /Sign out/ }).click();
    await page.waitForURL(/sign-in\?notice=signed-out/);
    await page.goto(`${api.url}/console/keys`);
    expect(page.url()).to.match(/\/console\/sign-in$/);

    await page.getByLabel('E-mail address').fill('first@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').innerText()).to.include('do not match');
    await snap(page, 'sign-in-refused');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/console\/keys$/);

    await page.getByRole('link', { name: 'Account' }).click();
    expect(await page.getByRole('table').innerText()).to.include('600');
    await snap(page, 'account');
    await page.getByLabel('Your password, to confirm').fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete account and revoke keys' }).click();
    await page.waitForURL(/notice=deleted/);
    await new Promise((r) => setTimeout(r, 300));
    expect((await callApi(key)).status).to.equal(401);
  });

  it('throttles sign-in attempts per account', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${api.url}/console/sign-in`);
    const csrf = await page.locator('input[name=csrf_token]').inputValue();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await page.request.post(`${api.url}/console/sign-in`, {
        form: { csrf_token: csrf, email: 'second@example.com', password: `wrong guess ${i}` },
        maxRedirects: 0,
      });
      statuses.push(res.status());
    }
    expect(statuses.slice(0, 10).every((st) => st === 401)).to.be.true;
    expect(statuses[10]).to.equal(429);
    await context.close();
  });
});
