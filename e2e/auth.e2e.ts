import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AuthProviders } from '#domain/auth';
import type { User } from '#domain/users';
import { getJson } from './api.ts';
import { newContext, pagePerTest } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every URL the page asked for, to prove what was not loaded. */
let requested: string[];

pagePerTest({ colorScheme: 'light' }, (opened) => {
  ({ browser, context, page } = opened);
  requested = [];
  context.on('request', (request) => requested.push(request.url()));
});

interface CheckLogin {
  logged_in: boolean;
  user: { id: number; handle: string } | null;
}

/** The session check as the page's own cookies see it. */
function checkLogin(p: Page): Promise<CheckLogin> {
  return p.evaluate(async () => {
    const response = await fetch('/api/auth/check-login', { credentials: 'include' });
    return (await response.json()) as CheckLogin;
  });
}

/** Signs the page in as a fresh dev user (POST /api/auth/dev through the page's fetch). */
async function signInAsDevUser(p: Page, handle: string): Promise<void> {
  const status = await p.evaluate(async (h) => {
    const response = await fetch('/api/auth/dev', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ handle: h }),
      credentials: 'include',
    });
    return response.status;
  }, handle);
  expect(status).toBe(200);
}

const freshHandle = () => `e2e_user_${crypto.randomBytes(4).toString('hex')}`;

describe('sign-in and the profile menu (product §2 and 4)', () => {
  it("signs in with 'Continue as demo user', opens 'My Stuff' and logs out", async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login or create an account! :)' });
    await dialog.getByRole('button', { name: 'Continue as demo user' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The dropdown shows the handle and the face picture.
    const menu = page.getByRole('button', { name: 'demo', exact: true });
    await menu.waitFor();
    expect(await menu.locator('img').getAttribute('src')).toBe('/api/users/demo/faceplate');
    expect((await checkLogin(page)).user?.handle).toBe('demo');

    // Signed in, 'Add New Building' opens the wizard instead of the login.
    await page.getByRole('button', { name: 'Add New Building' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add New Building' });
    await addDialog.getByText('1 of 4').waitFor();
    await addDialog.getByRole('button', { name: 'Close' }).click();
    await addDialog.waitFor({ state: 'hidden' });

    await menu.click();
    await page.getByRole('menuitem', { name: 'My Stuff' }).click();
    await page.waitForURL((url) => url.pathname === '/user/demo/lists');
    await page.getByRole('heading', { level: 1, name: 'demo' }).waitFor();
    await page.getByText(/^Joined .+ ago$/).waitFor();
    const sideNav = page.getByRole('navigation', { name: 'User page' });
    for (const item of ['Lists', 'Buildings', 'Images', 'Settings', 'Stats']) {
      await sideNav.getByRole('link', { name: item }).waitFor();
    }

    await menu.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await checkLogin(page)).toEqual({ logged_in: false, user: null });
  });

  it('keeps the session over a reload, from the session check', async () => {
    const handle = freshHandle();
    await page.goto('/gallery/1');
    await signInAsDevUser(page, handle);
    await page.reload();
    await page.getByRole('button', { name: handle, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
  });

  it('does not load Google Identity Services when the server has no Google client id', async () => {
    const providers = await getJson<AuthProviders>('/api/auth/providers');
    expect(providers).toEqual({ google_client_id: null, dev_login: true });

    await page.goto('/gallery/1');
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login or create an account! :)' });
    await dialog.getByRole('button', { name: 'Continue as demo user' }).waitFor();
    expect(await page.locator('script[src*="accounts.google.com"]').count()).toBe(0);
    expect(requested.filter((url) => url.includes('accounts.google.com'))).toEqual([]);
  });

  it("renders Google's button when a client id is configured and posts its credential", async () => {
    // Google is not reachable from the tests: the providers answer, Google's script and the
    // token check are stand-ins, so this covers the page's wiring (load, renderButton, POST).
    const fakeGis = `window.google = { accounts: { id: {
      initialize(config) { window.__gis = config; },
      renderButton(parent, options) {
        window.__gisOptions = options;
        const button = document.createElement('button');
        button.textContent = 'Fake Google button';
        button.onclick = () => window.__gis.callback({ credential: 'fake-id-token' });
        parent.appendChild(button);
      },
      disableAutoSelect() {},
    } } };`;
    // The server under test has no GOOGLE_CLIENT_ID, so its Content-Security-Policy (rightly) does
    // not allow Google's script; the faked providers answer says otherwise, so this page skips CSP.
    await context.close();
    context = await newContext(browser, { colorScheme: 'light', bypassCSP: true });
    context.on('request', (request) => requested.push(request.url()));
    page = await context.newPage();
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: fakeGis }),
    );
    await page.route('**/api/auth/providers', (route) =>
      route.fulfill({
        json: { google_client_id: 'test-client.apps.googleusercontent.com', dev_login: false },
      }),
    );
    let posted: unknown = null;
    await page.route('**/api/auth/google', (route) => {
      posted = route.request().postDataJSON();
      return route.fulfill({
        json: { user: { id: 4242, handle: 'google_user', picture: null, email: null } },
      });
    });

    await page.goto('/gallery/1');
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login or create an account! :)' });
    await dialog.getByRole('button', { name: 'Fake Google button' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'google_user', exact: true }).waitFor();
    expect(posted).toEqual({ token: 'fake-id-token' });
    expect(
      await page.evaluate(() => (window as unknown as { __gis: { client_id: string } }).__gis.client_id),
    ).toBe('test-client.apps.googleusercontent.com');
    expect(await dialog.getByRole('button', { name: 'Continue as demo user' }).count()).toBe(0);
  });
});

describe('user settings: change the handle (product §2, 4, 5)', () => {
  it("saves a new handle, shows 'Handle updated!' and follows it in the URL", async () => {
    const handle = freshHandle();
    const renamed = `${handle}_renamed`;
    await page.goto('/gallery/1');
    await signInAsDevUser(page, handle);
    await page.goto(`/user/${handle}/settings`);

    await page.getByRole('heading', { name: 'User Settings' }).waitFor();
    await page.getByRole('heading', { name: 'Change Username' }).waitFor();
    await page.getByText('Only lowercase letters, numbers, and underscores are allowed.').waitFor();
    const input = page.getByRole('textbox', { name: 'Handle' });
    const save = page.getByRole('button', { name: 'Save' });
    expect(await input.inputValue()).toBe(handle);
    expect(await save.isDisabled()).toBe(true);

    await input.fill(renamed);
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText('Handle updated!').waitFor();
    await page.waitForURL((url) => url.pathname === `/user/${renamed}/settings`);
    expect(await page.getByText('Handle updated!').isVisible()).toBe(true);
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
    await page.getByRole('button', { name: renamed, exact: true }).waitFor();
    expect((await checkLogin(page)).user?.handle).toBe(renamed);
    expect((await getJson<User>(`/api/users/${renamed}`)).handle).toBe(renamed);

    await input.fill('Bad Name');
    expect(await save.isDisabled()).toBe(true);

    // A taken handle: the server's problem detail is shown.
    await input.fill('demo');
    await save.click();
    await page.getByText('The handle "demo" is already taken.').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/user/${renamed}/settings`);
  });
});

describe('login gate and /login (product §2 and 6)', () => {
  it("opens 'Login to Add Building' for a signed-out visitor", async () => {
    await page.goto('/gallery/1');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.getByRole('button', { name: 'Add New Building' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login to Add Building' });
    await dialog.getByText('You need to be logged in to add a building.').waitFor();
    await dialog.getByRole('button', { name: 'Continue as demo user' }).waitFor();
  });

  it("goes from the user page's 'Sign In' to /login, the explore screen with the login modal", async () => {
    await page.goto('/user/demo/lists');
    await page.getByRole('heading', { level: 1, name: 'demo' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'User page' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const dialog = page.getByRole('dialog', { name: 'Login or create an account! :)' });
    await dialog.getByRole('button', { name: 'Continue as demo user' }).waitFor();
    await page.locator('.maplibregl-canvas').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // Closing the modal leaves /login for the explore screen.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await dialog.waitFor({ state: 'hidden' });
  });
});
