import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { makeProfile } from '#web/test/builders.ts';
import { makeUser, renderApp } from '#web/test/render.tsx';

// Each screen is a lazy chunk: its first render may take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const provider = makeUser({ role: 'provider', subscriptionPlan: 'starter' });
const business = makeProfile({
  role: 'provider',
  subscriptionPlan: 'starter',
  companyName: 'Jones Plumbing',
  description: 'Family plumbing business since 1990.',
  phone: '904-555-0100',
  zipCode: '32202',
});

describe('/profile', { timeout: 20_000 }, () => {
  it('shows a spinner, then the form with the email locked', async () => {
    renderApp({
      path: '/profile',
      user: makeUser(),
      routes: { 'GET /api/profile': { body: makeProfile({ phone: '904-555-0199' }) } },
    });
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(await screen.findByLabelText('First name')).toHaveValue('Casey');
    const email = screen.getByLabelText('Email');
    expect(email).toBeDisabled();
    expect(email).toHaveValue('casey@example.com');
    expect(email).toHaveAccessibleDescription('You cannot change your email address.');
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('904-555-0199');
    expect(screen.getByLabelText('Phone (optional)')).toHaveAttribute('maxlength', '30');
    expect(screen.getByLabelText('City (optional)')).toHaveValue('Jacksonville');
  });

  it('says "Failed to fetch user" when the profile cannot be read, and tries again', async () => {
    let fail = true;
    const { user } = renderApp({
      path: '/profile',
      user: makeUser(),
      routes: {
        'GET /api/profile': () =>
          fail ? { status: 500, body: { error: 'Boom', code: 'INTERNAL' } } : { body: makeProfile() },
      },
    });
    expect(await screen.findByText('Failed to fetch user')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Casey');
  });

  it('requires the names and sends nothing until they are there', async () => {
    const { user, calls } = renderApp({
      path: '/profile',
      user: makeUser(),
      routes: { 'GET /api/profile': { body: makeProfile() } },
    });
    await user.clear(await screen.findByLabelText('First name'));
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the form with PUT /api/profile/customer and says "Profile updated"', async () => {
    const { user, calls } = renderApp({
      path: '/profile',
      user: makeUser(),
      routes: {
        'GET /api/profile': { body: makeProfile() },
        'PUT /api/profile/customer': ({ body }) => ({ body: { ...makeProfile(), ...(body as object) } }),
      },
    });
    await user.type(await screen.findByLabelText('Phone (optional)'), '904-555-0123');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(screen.getByText('Your profile has been updated successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      firstName: 'Casey',
      lastName: 'Jones',
      email: 'casey@example.com',
      phone: '904-555-0123',
      address: '',
      city: 'Jacksonville',
      state: 'FL',
      zipCode: '',
    });
  });

  it("shows the server's message, or 'Failed to update profile', and marks the field it names", async () => {
    const { user } = renderApp({
      path: '/profile',
      user: makeUser(),
      routes: {
        'GET /api/profile': { body: makeProfile() },
        'PUT /api/profile/customer': {
          status: 400,
          body: { error: 'Check the form', code: 'VALIDATION', fields: { phone: 'Phone is too long' } },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Check the form')).toBeInTheDocument();
    expect(screen.getByText('Phone is too long')).toBeInTheDocument();
  });

  it("falls back to 'Failed to update profile' when the server gives no message", async () => {
    const { user } = renderApp({
      path: '/profile',
      user: makeUser(),
      routes: {
        'GET /api/profile': { body: makeProfile() },
        'PUT /api/profile/customer': { status: 502 },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });
});

describe('/provider/profile', { timeout: 20_000 }, () => {
  it('shows the business profile with the description count', async () => {
    renderApp({
      path: '/provider/profile',
      user: provider,
      routes: { 'GET /api/provider/profile': { body: business } },
    });
    expect(await screen.findByLabelText('Company name')).toHaveValue('Jones Plumbing');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByText('36 / 499 characters (at least 10)')).toBeInTheDocument();
  });

  it('enforces the required fields and the description bounds, counting as the provider types', async () => {
    const { user, calls } = renderApp({
      path: '/provider/profile',
      user: provider,
      routes: { 'GET /api/provider/profile': { body: makeProfile({ role: 'provider' }) } },
    });
    const description = await screen.findByLabelText('Business description');
    await user.type(description, 'Too short');
    expect(screen.getByText('9 / 499 characters (at least 10)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Description must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Zip code is required')).toBeInTheDocument();
    expect(screen.queryByText('City is required')).not.toBeInTheDocument(); // Jacksonville is there

    await user.clear(description);
    await user.click(description);
    await user.paste('x'.repeat(500));
    expect(screen.getByText('500 / 499 characters (at least 10)')).toBeInTheDocument();
    expect(await screen.findByText('Description must be less than 500 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves with PUT /api/profile/provider, accepting 499 characters', async () => {
    const { user, calls } = renderApp({
      path: '/provider/profile',
      user: provider,
      routes: {
        'GET /api/provider/profile': { body: business },
        'PUT /api/profile/provider': ({ body }) => ({ body: { ...business, ...(body as object) } }),
      },
    });
    const description = await screen.findByLabelText('Business description');
    await user.clear(description);
    await user.click(description);
    await user.paste('y'.repeat(499));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'PUT')?.body as Record<string, string>;
    expect(sent.description).toHaveLength(499);
    expect(sent.companyName).toBe('Jones Plumbing');
    expect(sent.email).toBe('casey@example.com');
  });

  it('links to the licenses and insurance, the portfolio and the public page, and saves the listed switch', async () => {
    const { user, calls } = renderApp({
      path: '/provider/profile',
      user: provider,
      routes: {
        'GET /api/provider/profile': { body: business },
        'PUT /api/profile/provider': ({ body }) => ({ body: { ...business, ...(body as object) } }),
      },
    });
    const links = await screen.findByRole('region', { name: 'Your public page' });
    expect(within(links).getByRole('link', { name: 'Licenses and insurance' })).toHaveAttribute(
      'href',
      '/provider/credentials',
    );
    expect(within(links).getByRole('link', { name: 'Portfolio' })).toHaveAttribute(
      'href',
      '/provider/portfolio',
    );
    expect(within(links).getByRole('link', { name: 'View your public page' })).toHaveAttribute(
      'href',
      '/pros/u1-jones-plumbing',
    );
    const listed = screen.getByRole('checkbox', {
      name: 'Show my page in the pro directory and search engines',
    });
    expect(listed).toBeChecked();
    expect(listed).toHaveAccessibleDescription(/customers you bid to can still open it/);
    await expectNoAxeViolations();
    await user.click(listed);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect((calls.find((c) => c.method === 'PUT')?.body as { listed: boolean }).listed).toBe(false);
  });

  it('says "Failed to fetch user" when the profile cannot be read', async () => {
    renderApp({
      path: '/provider/profile',
      user: provider,
      routes: { 'GET /api/provider/profile': { status: 500, body: { error: 'x', code: 'INTERNAL' } } },
    });
    expect(await screen.findByText('Failed to fetch user')).toBeInTheDocument();
  });

  it('is for providers only', async () => {
    const { location } = renderApp({ path: '/provider/profile', user: makeUser() });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/forbidden'));
  });
});

describe('/provider/settings', { timeout: 20_000 }, () => {
  it('changes the names with PATCH /api/provider/profile', async () => {
    const { user, calls } = renderApp({
      path: '/provider/settings',
      user: provider,
      routes: {
        'GET /api/provider/profile': { body: business },
        'PATCH /api/provider/profile': ({ body }) => ({ body: { ...business, ...(body as object) } }),
      },
    });
    const first = await screen.findByLabelText('First name');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    await user.clear(first);
    await user.type(first, 'Casimir');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      firstName: 'Casimir',
      lastName: 'Jones',
    });
  });

  it('requires both names', async () => {
    const { user } = renderApp({
      path: '/provider/settings',
      user: provider,
      routes: { 'GET /api/provider/profile': { body: business } },
    });
    await user.clear(await screen.findByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
  });

  it('titles a failure "Update Failed"', async () => {
    const { user } = renderApp({
      path: '/provider/settings',
      user: provider,
      routes: {
        'GET /api/provider/profile': { body: business },
        'PATCH /api/provider/profile': { status: 502 },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to update profile')).toBeInTheDocument();
  });
});
