import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, makeUser, renderApp } from '#web/test/render.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('login page', { timeout: 20_000 }, () => {
  it('clears stored user, auth and token values and session storage on arrival', async () => {
    localStorage.setItem('user', '{"id":1}');
    localStorage.setItem('auth', 'yes');
    localStorage.setItem('token', 'abc');
    localStorage.setItem('theme', 'dark');
    sessionStorage.setItem('anything', '1');
    renderApp({ path: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('auth')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(sessionStorage.length).toBe(0);
  });

  it('checks the fields before sending anything', async () => {
    const { user, calls } = renderApp({ path: '/login' });
    await fillAndSubmit(user, 'not-an-email', '123');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/login')).toBe(false);
  });

  it('says an empty field is required rather than malformed', async () => {
    const { user, calls } = renderApp({ path: '/login' });
    await user.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === '/api/auth/login')).toBe(false);
  });

  it('welcomes a verified user back and takes them to their dashboard', async () => {
    const provider = makeUser({ role: 'provider' });
    const { user, location, calls } = renderApp({
      path: '/login',
      routes: { 'POST /api/auth/login': { body: provider } },
    });
    await fillAndSubmit(user, 'Casey@Example.com', 'secret123');
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(location)).toBe('/dashboard/provider'));
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({
      email: 'casey@example.com',
      password: 'secret123',
      rememberMe: false,
    });
  });

  it('sends a user whose email is not verified to /email-not-verified', async () => {
    const { user, location } = renderApp({
      path: '/login',
      routes: { 'POST /api/auth/login': { body: makeUser({ emailVerified: false }) } },
    });
    await fillAndSubmit(user, 'casey@example.com', 'secret123');
    await waitFor(() => expect(currentPath(location)).toBe('/email-not-verified'));
    expect(await screen.findByText('casey@example.com')).toBeInTheDocument();
  });

  it("shows the server's message when the login fails", async () => {
    const { user, location } = renderApp({
      path: '/login',
      routes: {
        'POST /api/auth/login': {
          status: 401,
          body: { error: 'Invalid email or password', code: 'UNAUTHENTICATED' },
        },
      },
    });
    await fillAndSubmit(user, 'casey@example.com', 'wrongpass');
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getAllByText('Invalid email or password').length).toBeGreaterThan(0);
    expect(currentPath(location)).toBe('/login');
  });

  it('falls back to a general message when the server says nothing', async () => {
    const { user } = renderApp({ path: '/login', routes: { 'POST /api/auth/login': { status: 502 } } });
    await fillAndSubmit(user, 'casey@example.com', 'secret123');
    expect(await screen.findByText('An error occurred during login')).toBeInTheDocument();
  });
});

describe('login with a destination', { timeout: 20_000 }, () => {
  it('returns to the page named by ?next after signing in', async () => {
    const { user, location } = renderApp({
      path: '/login?next=/admin',
      routes: { 'POST /api/auth/login': { body: makeUser({ role: 'admin' }) } },
    });
    await fillAndSubmit(user, 'casey@example.com', 'secret123');
    await waitFor(() => expect(currentPath(location)).toBe('/admin'));
  });

  it('ignores a destination on another site', async () => {
    const { user, location } = renderApp({
      path: '/login?next=//evil.example.com',
      routes: { 'POST /api/auth/login': { body: makeUser() } },
    });
    await fillAndSubmit(user, 'casey@example.com', 'secret123');
    await waitFor(() => expect(currentPath(location)).toBe('/dashboard/customer'));
  });

  it.each(['/%09/evil.example', '/%0A/evil.example', '/%5Cevil.example', '/ok%5C..%5Cevil'])(
    'refuses a destination with a control character or backslash (%s)',
    async (next) => {
      const { user, location } = renderApp({
        path: `/login?next=${next}`,
        routes: { 'POST /api/auth/login': { body: makeUser() } },
      });
      await fillAndSubmit(user, 'casey@example.com', 'secret123');
      await waitFor(() => expect(currentPath(location)).toBe('/dashboard/customer'));
    },
  );
});
