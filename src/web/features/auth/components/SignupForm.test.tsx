import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_SIGNUP_MESSAGE } from '#domain/schemas/auth.schema';
import { currentPath, makeUser, renderApp, type RouteTable } from '#web/test/render.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const regions = [
  { id: 1, name: 'Jacksonville', state: 'FL' },
  { id: 2, name: 'Miami', state: 'FL' },
  { id: 3, name: 'Austin', state: 'TX' },
];

function renderSignup<T>(routes?: RouteTable<T>) {
  return renderApp({ path: '/signup', routes: { 'GET /api/regions': { body: regions }, ...routes } });
}

type Events = ReturnType<typeof renderApp>['user'];

async function fillPersonal(user: Events) {
  await user.type(await screen.findByLabelText('First name'), 'Casey');
  await user.type(screen.getByLabelText('Last name'), 'Jones');
  await user.type(screen.getByLabelText('Email'), 'casey@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.type(screen.getByLabelText('Confirm password'), 'secret123');
}

async function chooseProviderWithCategory(user: Events, plan: 'Starter' | 'Deluxe') {
  await user.click(await screen.findByRole('radio', { name: /Find work/ }));
  // The provider fields load on demand, so the plan choice appears a moment after "Find work".
  await user.click(await screen.findByRole('radio', { name: new RegExp(plan) }));
  await user.click(screen.getByRole('combobox', { name: 'Category' }));
  await user.click(await screen.findByRole('option', { name: 'Home Repair' }));
}

const checked = () =>
  screen
    .getAllByRole('checkbox')
    .filter((c) => (c as HTMLInputElement).checked && c.id.includes('task-'))
    .map((c) => c.id.replace(/^.*task-/, ''));

describe('sign-up form', { timeout: 20_000 }, () => {
  it('on Starter, choosing a task replaces the previous one', async () => {
    const { user } = renderSignup();
    await chooseProviderWithCategory(user, 'Starter');
    await user.click(screen.getByRole('checkbox', { name: 'Kitchen Remodel' }));
    await user.click(screen.getByRole('checkbox', { name: 'Flooring' }));
    expect(screen.getByRole('checkbox', { name: 'Flooring' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Kitchen Remodel' })).not.toBeChecked();
    expect(checked()).toEqual(['flooring']);
  });

  it('on Deluxe, keeps every task chosen; switching to Starter keeps only the first', async () => {
    const { user } = renderSignup();
    await chooseProviderWithCategory(user, 'Deluxe');
    await user.click(screen.getByRole('checkbox', { name: 'Painting' }));
    await user.click(screen.getByRole('checkbox', { name: 'HVAC' }));
    await user.click(screen.getByRole('checkbox', { name: 'Siding' }));
    expect(checked()).toHaveLength(3);
    await user.click(screen.getByRole('radio', { name: /Starter/ }));
    expect(screen.getByRole('checkbox', { name: 'Painting' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'HVAC' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Siding' })).not.toBeChecked();
  });

  it('tells a provider what is missing', async () => {
    const { user, calls } = renderSignup();
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: /Find work/ }));
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(PROVIDER_SIGNUP_MESSAGE)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/register')).toBe(false);
  });

  it('requires names and the terms', async () => {
    const { user } = renderSignup();
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('You must accept the terms and conditions')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
  });

  it('says an empty email or password is required, and a short password needs 8 characters', async () => {
    const { user } = renderSignup();
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('maxLength', '128');
    expect(
      screen.getByText(
        'Use 8 to 128 characters. Very common passwords (like "password123") are not accepted.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    await user.type(password, 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('marks the email field when the email is already registered', async () => {
    const { user } = renderSignup({
      'POST /api/auth/register': {
        status: 409,
        body: { error: 'An account with this email already exists', code: 'CONFLICT' },
      },
    });
    await fillPersonal(user);
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'An account with this email already exists',
    );
  });

  it('tells a provider choosing a plan that the 7-day trial starts now and charges nothing', async () => {
    const { user } = renderSignup();
    await user.click(await screen.findByRole('radio', { name: /Find work/ }));
    expect(await screen.findByRole('group', { name: 'Subscription plan' })).toHaveAccessibleDescription(
      'Your 7-day free trial starts now. Nothing is charged during the trial, and no card is needed.',
    );
  });

  it('marks every missing or wrong field at once on the first send, provider choices included', async () => {
    const { user, calls } = renderSignup();
    await user.click(await screen.findByRole('radio', { name: /Find work/ }));
    const region = await screen.findByRole('combobox', { name: 'Service region' });
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret124');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const firstName = screen.getByLabelText('First name');
    await waitFor(() => expect(firstName).toHaveFocus());
    const marked: [HTMLElement, string][] = [
      [firstName, 'First name is required'],
      [screen.getByLabelText('Last name'), 'Last name is required'],
      [screen.getByLabelText('Email'), 'Email is required'],
      [screen.getByLabelText('Confirm password'), 'Passwords do not match'],
      [screen.getByRole('radio', { name: /Starter/ }), 'Select a subscription plan'],
      [screen.getByRole('radio', { name: /Deluxe/ }), 'Select a subscription plan'],
      [screen.getByRole('combobox', { name: 'Category' }), 'Select a category'],
      [region, 'Select your service region'],
      [
        screen.getByRole('checkbox', { name: /I am 18 or older/ }),
        'You must accept the terms and conditions',
      ],
    ];
    for (const [field, message] of marked) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    // No category yet, so no task boxes: the message stands under the tasks.
    const tasks = screen.getByRole('group', { name: 'Tasks' });
    expect(within(tasks).getByText('Select at least one task')).toBeInTheDocument();
    expect(screen.getByText(PROVIDER_SIGNUP_MESSAGE)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/register')).toBe(false);
  });

  it("moves the focus to a provider's first missing choice and clears each mark once chosen", async () => {
    const { user, calls } = renderSignup();
    await fillPersonal(user);
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(screen.getByRole('radio', { name: /Find work/ }));
    await user.click(await screen.findByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Home Repair' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const starter = screen.getByRole('radio', { name: /Starter/ });
    await waitFor(() => expect(starter).toHaveFocus());
    expect(starter).toHaveAccessibleDescription('Select a subscription plan');
    const electrical = screen.getByRole('checkbox', { name: 'Electrical' });
    expect(electrical).toHaveAttribute('aria-invalid', 'true');
    expect(electrical).toHaveAccessibleDescription('Select at least one task');
    expect(screen.getByRole('combobox', { name: 'Service region' })).toHaveAccessibleDescription(
      'Select your service region',
    );
    expect(screen.getByRole('combobox', { name: 'Category' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');

    await user.click(starter);
    await waitFor(() => expect(starter).not.toHaveAttribute('aria-invalid'));
    await user.click(electrical);
    await waitFor(() => expect(electrical).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText('Select a subscription plan')).not.toBeInTheDocument();
    expect(screen.getByText('Select your service region')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/register')).toBe(false);
  });

  it('requires matching passwords', async () => {
    const { user, calls } = renderSignup();
    await fillPersonal(user);
    await user.type(screen.getByLabelText('Confirm password'), 'x');
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/auth/register')).toBe(false);
  });

  it('registers a provider with plan, category, task and region', async () => {
    const { user, calls, location } = renderSignup({
      'POST /api/auth/register': { status: 201, body: makeUser({ role: 'provider', emailVerified: false }) },
    });
    await fillPersonal(user);
    await chooseProviderWithCategory(user, 'Starter');
    await user.click(screen.getByRole('checkbox', { name: 'Electrical' }));
    const region = screen.getByRole('combobox', { name: 'Service region' });
    await user.type(region, 'mia');
    const list = screen.getByRole('listbox', { name: 'Regions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Miami, FL']);
    await user.keyboard('{ArrowDown}');
    expect(region).toHaveAttribute('aria-activedescendant', within(list).getByRole('option').id);
    await user.keyboard('{Enter}');
    expect(region).toHaveValue('Miami, FL');
    expect(region).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(location)).toBe('/email-not-verified'));
    // registration sent the first email, so the resend button waits its 5 minutes
    expect(await screen.findByRole('button', { name: /Resend available in [45]:\d\d/ })).toBeDisabled();
    expect(calls.find((c) => c.path === '/api/auth/register')?.body).toEqual({
      firstName: 'Casey',
      lastName: 'Jones',
      email: 'casey@example.com',
      password: 'secret123',
      confirmPassword: 'secret123',
      role: 'provider',
      subscriptionPlan: 'starter',
      selectedCategory: 'home-repair',
      selectedTasks: ['electrical'],
      selectedRegion: 2,
      termsAccepted: true,
    });
  });

  it('offers a provider an optional service area: a base ZIP code and a radius of 25 miles unless changed', async () => {
    const { user } = renderSignup();
    expect(screen.queryByRole('group', { name: 'Service area (optional)' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: /Find work/ }));
    const area = await screen.findByRole('group', { name: 'Service area (optional)' });
    expect(area).toHaveAccessibleDescription(
      'The jobs you see and hear about are within this distance of your base ZIP code. You can change it later in Settings.',
    );
    const zip = within(area).getByRole('textbox', { name: 'Base ZIP code' });
    expect(zip).toHaveValue('');
    expect(zip).toHaveAttribute('inputmode', 'numeric');
    expect(zip).toHaveAttribute('autocomplete', 'postal-code');
    const radius = within(area).getByRole('combobox', { name: 'Radius' });
    expect(radius).toHaveDisplayValue('25 miles');
    expect(
      within(radius)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5 miles', '10 miles', '25 miles', '50 miles', '100 miles']);
    await user.click(screen.getByRole('radio', { name: /Hire a pro/ }));
    expect(screen.queryByRole('group', { name: 'Service area (optional)' })).not.toBeInTheDocument();
  });

  it('says under the base ZIP code that a malformed one is not a ZIP code, and sends nothing', async () => {
    const { user, calls } = renderSignup();
    await user.click(await screen.findByRole('radio', { name: /Find work/ }));
    const zip = await screen.findByRole('textbox', { name: 'Base ZIP code' });
    await user.type(zip, '076');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(zip).toHaveAttribute('aria-invalid', 'true'));
    expect(zip).toHaveAccessibleDescription('Enter a valid US ZIP code');
    expect(calls.some((c) => c.path === '/api/auth/register')).toBe(false);

    await user.type(zip, '01');
    await waitFor(() => expect(zip).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText('Enter a valid US ZIP code')).not.toBeInTheDocument();
  });

  it("sends a provider's base ZIP code and radius, and puts the server's ZIP message under the field", async () => {
    const { user, calls } = renderSignup({
      'POST /api/auth/register': {
        status: 400,
        body: {
          error: 'Enter a valid US ZIP code',
          code: 'VALIDATION',
          fields: { serviceZip: 'Enter a valid US ZIP code' },
        },
      },
    });
    await fillPersonal(user);
    await chooseProviderWithCategory(user, 'Starter');
    await user.click(screen.getByRole('checkbox', { name: 'Electrical' }));
    const region = screen.getByRole('combobox', { name: 'Service region' });
    await waitFor(() => expect(region).toBeEnabled());
    await user.click(region);
    await user.click(screen.getByRole('option', { name: 'Austin, TX' }));
    const zip = screen.getByRole('textbox', { name: 'Base ZIP code' });
    await user.type(zip, '07601');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Radius' }), '50 miles');
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/register')?.body).toMatchObject({
      role: 'provider',
      selectedRegion: 3,
      serviceZip: '07601',
      serviceRadiusMiles: 50,
    });
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription('Enter a valid US ZIP code');
  });

  it("shows the server's field messages and the failure toast", async () => {
    const { user } = renderSignup({
      'POST /api/auth/register': {
        status: 409,
        body: {
          error: 'An account with this email already exists',
          code: 'CONFLICT',
          fields: { email: 'Email already registered' },
        },
      },
    });
    await fillPersonal(user);
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByText('Email already registered')).toBeInTheDocument();
  });

  it('says when no region matches the search', async () => {
    const { user } = renderSignup();
    await user.click(await screen.findByRole('radio', { name: /Find work/ }));
    const region = await screen.findByRole('combobox', { name: 'Service region' });
    await waitFor(() => expect(region).toBeEnabled());
    // Names starting with the search come first.
    await user.type(region, 'a');
    const regionOptions = () =>
      within(screen.getByRole('listbox', { name: 'Regions' })).queryAllByRole('option');
    expect(regionOptions().map((o) => o.textContent)).toEqual([
      'Austin, TX',
      'Jacksonville, FL',
      'Miami, FL',
    ]);
    await user.type(region, 'zzz');
    expect(regionOptions()).toHaveLength(0);
    expect(screen.getByText('No region found.')).toBeInTheDocument();
  });

  it("chooses a region with a click and puts the server's region message under the field", async () => {
    const { user } = renderSignup({
      'POST /api/auth/register': {
        status: 400,
        body: { error: 'Invalid input', code: 'VALIDATION', fields: { selectedRegion: 'Unknown region' } },
      },
    });
    await fillPersonal(user);
    await chooseProviderWithCategory(user, 'Starter');
    await user.click(screen.getByRole('checkbox', { name: 'Electrical' }));
    const region = screen.getByRole('combobox', { name: 'Service region' });
    await waitFor(() => expect(region).toBeEnabled());
    await user.click(region);
    await user.click(screen.getByRole('option', { name: 'Austin, TX' }));
    expect(region).toHaveValue('Austin, TX');
    expect(region).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Unknown region')).toBeInTheDocument();
    expect(region).toHaveAttribute('aria-invalid', 'true');
    expect(region).toHaveAccessibleDescription('Unknown region');
  });

  it('says when the regions cannot be loaded', async () => {
    const { user } = renderSignup({
      'GET /api/regions': { status: 500, body: { error: 'Down', code: 'INTERNAL' } },
    });
    await user.click(await screen.findByRole('radio', { name: /Find work/ }));
    const picker = await screen.findByRole('combobox', { name: 'Service region' });
    await waitFor(() => expect(picker).toHaveAttribute('placeholder', 'Error loading regions'));
    expect(picker).toBeDisabled();
  });

  it('says when there are no regions at all', async () => {
    const { user } = renderSignup({ 'GET /api/regions': { body: [] } });
    await user.click(await screen.findByRole('radio', { name: /Find work/ }));
    const region = await screen.findByRole('combobox', { name: 'Service region' });
    await waitFor(() => expect(region).toBeEnabled());
    await user.click(region);
    expect(screen.getByText('No regions available')).toBeInTheDocument();
  });
});

describe('sign-up provider message', { timeout: 20_000 }, () => {
  it('appears even while other fields are still empty', async () => {
    const { user } = renderSignup();
    await user.click(await screen.findByRole('radio', { name: /Find work/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(PROVIDER_SIGNUP_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
  });
});
