// "Where you're signed in" on /settings (decision 0025): the list with this device first, signing one out or all
// the others after a confirmation with the password, signing out this device (no password), and the loading,
// empty and error states.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignedInSession, SignedInSessionList } from '#domain/schemas/session.schema';
import { currentPath, makeUser, renderApp, type ErrorReply, type RouteTable } from '#web/test/render.tsx';
import { absoluteTime } from '../session-times.ts';
import { settingsRoutes } from '../test-data.ts';

// Each screen is a lazy chunk: its first render may take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const session = (over: Partial<SignedInSession>): SignedInSession => ({
  id: crypto.randomUUID(),
  device: 'Chrome on Windows',
  browser: 'Chrome',
  os: 'Windows',
  signedInAt: ago(3 * 24 * 60 * MINUTE),
  lastActiveAt: ago(0),
  rememberMe: false,
  current: false,
  ...over,
});

const PHONE = 'session-phone';
const LAPTOP = 'session-laptop';
const here = session({ current: true, device: 'Firefox on Linux', browser: 'Firefox', os: 'Linux' });
const phone = session({
  id: PHONE,
  device: 'Safari on iPhone',
  browser: 'Safari',
  os: 'iPhone',
  rememberMe: true,
  lastActiveAt: ago(5 * MINUTE),
});
const laptop = session({ id: LAPTOP, lastActiveAt: ago(3 * 60 * MINUTE) });

const PASSWORD = 'Sturdy-pass1';
const wrongPassword: ErrorReply = {
  status: 400,
  body: {
    error: 'Your password is not correct',
    code: 'VALIDATION',
    fields: { password: 'Your password is not correct' },
    requestId: 'r0',
  },
};

/** /settings with a server that keeps a list of sessions and ends them as asked; `extra` answers first. */
function renderSettings<T>(initial: SignedInSession[], extra?: RouteTable<T>) {
  let sessions = [...initial];
  const list = (): { body: SignedInSessionList } => ({ body: { sessions, total: sessions.length } });
  const view = renderApp({
    path: '/settings',
    user: makeUser(),
    routes: {
      ...settingsRoutes(),
      'GET /api/auth/sessions': list,
      'POST /api/auth/sessions/sign-out-others': ({ body }) => {
        if ((body as { password?: string }).password !== PASSWORD) return wrongPassword;
        const ended = sessions.filter((s) => !s.current).length;
        sessions = sessions.filter((s) => s.current);
        return { body: { ended, message: `Signed out of ${ended} other devices` } };
      },
      'POST /api/auth/sessions/:id/sign-out': ({ path, body }) => {
        const s = initial.find((x) => path === `/api/auth/sessions/${x.id}/sign-out`);
        if (!s) return { status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } };
        if (!s.current && (body as { password?: string }).password !== PASSWORD) return wrongPassword;
        sessions = sessions.filter((x) => x.id !== s.id);
        return {
          body: s.current
            ? { signedOut: true, message: 'You have been signed out on this device.' }
            : { signedOut: false, message: `${s.device} has been signed out.` },
        };
      },
      ...extra,
    },
  });
  return view;
}

const section = () => screen.findByRole('region', { name: "Where you're signed in" });

describe("/settings: where you're signed in", { timeout: 20_000 }, () => {
  it('lists this device first with its badge, then the others with when they were last active', async () => {
    renderSettings([here, phone, laptop]);
    const region = await section();
    const items = await within(region).findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Firefox on LinuxThis device',
      'Safari on iPhone',
      'Chrome on Windows',
    ]);
    expect(within(items[0]!).getByText('Active now')).toBeInTheDocument();
    const fiveAgo = within(items[1]!).getByText('5 minutes ago');
    expect(fiveAgo).toHaveAttribute('title', absoluteTime(phone.lastActiveAt));
    expect(fiveAgo.tagName).toBe('TIME');
    expect(within(items[1]!).getByText('Remembered on this browser')).toBeInTheDocument();
    expect(within(items[2]!).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Until the browser closes or sits idle')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Sign out this device' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Sign out Safari on iPhone' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Sign out of all other devices' })).toBeInTheDocument();
  });

  it('signs one device out after a confirmation with the password; cancelling sends nothing', async () => {
    const { user, calls } = renderSettings([here, phone, laptop]);
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Sign out Safari on iPhone' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign out of Safari on iPhone?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/api/auth/sessions'))).toBe(false);

    await user.click(within(region).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign out of Safari on iPhone?' });
    // Without the password, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await within(dialog).findByText('Please enter your password')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your password')).toHaveFocus();
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/api/auth/sessions'))).toBe(false);

    await user.type(within(dialog).getByLabelText('Your password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Safari on iPhone has been signed out.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.path.startsWith('/api/auth/sessions'));
    expect(sent).toMatchObject({
      path: `/api/auth/sessions/${phone.id}/sign-out`,
      body: { password: PASSWORD },
    });
    await waitFor(() =>
      expect(
        within(region).queryByRole('button', { name: 'Sign out Safari on iPhone' }),
      ).not.toBeInTheDocument(),
    );
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says so under the field when the password is wrong, and ends nothing', async () => {
    const { user } = renderSettings([here, phone]);
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Sign out Safari on iPhone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of Safari on iPhone?' });
    await user.type(within(dialog).getByLabelText('Your password'), 'Not-my-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await within(dialog).findByText('Your password is not correct')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(within(dialog).getByLabelText('Your password')).toHaveFocus());
    // Typing again clears the message.
    await user.keyboard('x');
    expect(within(dialog).queryByText('Your password is not correct')).not.toBeInTheDocument();
    // Behind the dialog (hidden from assistive technology while it is open) both devices are still listed.
    expect(within(region).getAllByRole('listitem', { hidden: true })).toHaveLength(2);
  });

  it('signs out every other device at once with the password, and then says there is nowhere else', async () => {
    const { user, calls } = renderSettings([here, phone, laptop]);
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Sign out of all other devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other devices?' });
    expect(
      within(dialog).getByText(
        'All 2 other devices will have to sign in again. This device stays signed in.',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Your password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all others' }));
    expect(await screen.findByText('Signed out of 2 other devices')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/sessions/sign-out-others')).toEqual([
      expect.objectContaining({ method: 'POST', body: { password: PASSWORD } }),
    ]);
    expect(await within(region).findByText("You're not signed in anywhere else.")).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    expect(
      within(region).queryByRole('button', { name: 'Sign out of all other devices' }),
    ).not.toBeInTheDocument();
  });

  it('signing out this device needs no password, signs out and shows the login page', async () => {
    const { user, calls, location } = renderSettings([here, phone]);
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Sign out this device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of this device?' });
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(currentPath(location)).toBe('/login'));
    expect(calls.find((c) => c.method === 'POST' && c.path.startsWith('/api/auth/sessions'))).toMatchObject({
      path: `/api/auth/sessions/${here.id}/sign-out`,
      body: {},
    });
  });

  it('works with the keyboard alone: the dialog takes focus, Escape closes it and focus comes back', async () => {
    const { user, calls } = renderSettings([here, phone]);
    const region = await section();
    const button = await within(region).findByRole('button', { name: 'Sign out Safari on iPhone' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of Safari on iPhone?' });
    expect(within(dialog).getByLabelText('Your password')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Sign out of Safari on iPhone?' });
    await user.keyboard(`${PASSWORD}{Enter}`);
    expect(await screen.findByText('Safari on iPhone has been signed out.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/auth/sessions'))).toHaveLength(
      1,
    );
    // The row is gone; focus stays in the section rather than falling to the page.
    await waitFor(() => expect(region).toContainElement(document.activeElement as HTMLElement));
  });

  it('says when the list is capped, and that signing out all others ends every one', async () => {
    renderSettings([here, phone], {
      'GET /api/auth/sessions': { body: { sessions: [here, phone], total: 60 } },
    });
    const region = await section();
    expect(
      await within(region).findByText(
        'Showing the 2 most recently active of 60 sign-ins. Signing out of all other devices ends every one of them.',
      ),
    ).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Sign out of all other devices' })).toBeInTheDocument();
  });

  it('says only this device is signed in when there is no other', async () => {
    renderSettings([here]);
    const region = await section();
    expect(await within(region).findByText("You're not signed in anywhere else.")).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows a loading state, then a load failure with a way to try again', async () => {
    let fail = true;
    let release: () => void = () => {};
    const { user } = renderSettings([here], {
      'GET /api/auth/sessions': () =>
        fail
          ? { status: 500, body: { error: 'Something went wrong', code: 'INTERNAL', requestId: 'r1' } }
          : new Promise((resolve) => {
              release = () => resolve({ body: { sessions: [here], total: 1 } });
            }),
    });
    const region = await section();
    expect(await within(region).findByText('Failed to load where you are signed in')).toBeInTheDocument();
    fail = false;
    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('status')).toHaveTextContent("Loading where you're signed in");
    release();
    expect(await within(region).findByText('Firefox on Linux')).toBeInTheDocument();
  });

  it('says when a session had already ended, and when signing out failed', async () => {
    const { user } = renderSettings([here, phone, laptop], {
      [`POST /api/auth/sessions/${PHONE}/sign-out`]: {
        status: 404,
        body: { error: 'This session has already ended', code: 'NOT_FOUND', requestId: 'r1' },
      },
      [`POST /api/auth/sessions/${LAPTOP}/sign-out`]: {
        status: 500,
        body: { error: 'Something went wrong', code: 'INTERNAL', requestId: 'r2' },
      },
    });
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Sign out Safari on iPhone' }));
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Your password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('This session has already ended')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(region).getByRole('button', { name: 'Sign out Chrome on Windows' }));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Your password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await within(dialog).findByText('Failed to sign out')).toBeInTheDocument();
    expect(within(dialog).getByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('signed out from another device', { timeout: 20_000 }, () => {
  it('when the server closes the realtime socket as signed out, this tab shows the login page at once', async () => {
    const sockets: { onclose: ((e?: { code: number }) => void) | null }[] = [];
    class FakeSocket {
      onopen: (() => void) | null = null;
      onmessage: (() => void) | null = null;
      onclose: ((e?: { code: number }) => void) | null = null;
      constructor() {
        sockets.push(this);
      }
      close() {}
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    let signedIn = true;
    const user = makeUser();
    const { location } = renderSettings([here, phone], {
      'GET /api/auth/session': () => ({
        body: { isAuthenticated: signedIn, user: signedIn ? user : null },
      }),
    });
    await section();
    await waitFor(() => expect(sockets).toHaveLength(1));
    signedIn = false;
    act(() => sockets[0]!.onclose?.({ code: 4401 }));
    await waitFor(() => expect(currentPath(location)).toMatch(/^\/login/));
  });
});
