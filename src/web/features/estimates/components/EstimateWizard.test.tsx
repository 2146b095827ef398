import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSavedEstimatePayload } from '#domain/pricing';
import { estimatePage, INTERNAL_ERROR, makeEstimate } from '#web/test/builders.ts';
import { currentPath, makeUser, renderApp, type RouteTable } from '#web/test/render.tsx';
import { DRAFT_STORAGE_KEY } from '../hooks/useWizardDraft.ts';
import { filterMeasurementInput } from './wizard-model.ts';

beforeEach(() => window.sessionStorage.clear());
// The first visit loads the screen's lazy chunk, which can take a moment on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

type Events = ReturnType<typeof renderApp>['user'];

function renderWizard<T>(routes?: RouteTable<T>) {
  return renderApp({ path: '/estimates/create', user: makeUser(), routes });
}

const next = () => screen.getByRole('button', { name: 'Next' });

async function toSubtasks(user: Events, category: string, task: string) {
  await user.click(await screen.findByRole('button', { name: 'Start Estimate' }));
  await user.click(screen.getByRole('radio', { name: new RegExp(`^${category}`) }));
  await user.click(next());
  await user.click(screen.getByRole('radio', { name: new RegExp(`^${task}`) }));
  await user.click(next());
}

describe('estimate wizard', { timeout: 30_000 }, () => {
  it('starts on the start page with the three info cards', async () => {
    renderWizard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an Estimate' })).toBeInTheDocument();
    for (const card of ['Select Category', 'Pick Your Task', 'Choose Subtasks']) {
      expect(screen.getByRole('heading', { name: new RegExp(card) })).toBeInTheDocument();
    }
  });

  it('puts the keyboard focus on the step heading after Start Estimate and on every step change', async () => {
    const { user } = renderWizard();
    (await screen.findByRole('button', { name: 'Start Estimate' })).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Select Category' })).toHaveFocus());
    // The next Tab lands in the step, on the first choice.
    await user.tab();
    expect(screen.getByRole('radio', { name: /^Kitchen/ })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: /^Kitchen/ }));
    await user.click(next());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Pick Your Task' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Select Category' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Create an Estimate' })).toHaveFocus(),
    );
  });

  it('keeps Next disabled until a category, a task, a subtask and a grade are chosen', async () => {
    const { user } = renderWizard();
    await user.click(await screen.findByRole('button', { name: 'Start Estimate' }));
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /^Kitchen/ }));
    expect(screen.getByRole('link', { name: /Watch Kitchen tutorial videos/ })).toHaveAttribute(
      'href',
      expect.stringContaining('youtube.com'),
    );
    await user.click(next());
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /^Kitchen Remodel/ }));
    await user.click(next());
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /^Cabinets/ }));
    expect(next()).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /^Cabinets/ }));
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /^Cabinets/ }));
    await user.click(next());
    expect(screen.getByRole('heading', { name: 'Choose a Grade Level' })).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /^Premium/ }));
    expect(next()).toBeEnabled();
  });

  it('makes flooring types mutually exclusive', async () => {
    const { user } = renderWizard();
    await toSubtasks(user, 'Flooring', 'Flooring');
    await user.click(screen.getByRole('checkbox', { name: /^Tile/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Old floor removal/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Hardwood/ }));
    expect(screen.getByRole('checkbox', { name: /^Hardwood/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Tile/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Old floor removal/ })).toBeChecked();
    expect(screen.getByText('Hardwood replaced Tile.')).toBeInTheDocument();
  });

  it('filters measurement input to digits with one decimal point, quantities to digits', async () => {
    expect(filterMeasurementInput('12a.5.3', false)).toBe('12.53');
    expect(filterMeasurementInput('-1e5', false)).toBe('15');
    expect(filterMeasurementInput('2.5x', true)).toBe('25');

    const { user } = renderWizard();
    await toSubtasks(user, 'Kitchen', 'Kitchen Remodel');
    await user.click(screen.getByRole('checkbox', { name: /^Countertops/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Sink and faucet/ }));
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /^Standard/ }));
    await user.click(next());

    expect(screen.getByText('Subtask 1 of 2')).toBeInTheDocument();
    const length = screen.getByLabelText('Length (ft)');
    await user.type(length, '1x2.5.a');
    expect(length).toHaveValue('12.5');
    expect(next()).toBeDisabled();
    await user.type(screen.getByLabelText('Width (ft)'), '2');
    expect(next()).toBeEnabled();
    // 12.5 x 2 = 25 sq ft x $78.27 = $1,956.75
    const panel = screen.getByRole('complementary', { name: 'Live price' });
    expect(within(panel).getAllByText('$1,956.75').length).toBeGreaterThan(0);
    // The range is whole dollars; the total and the line keep their cents.
    expect(within(panel).getByText(/^Range \$1,565 to \$2,348/)).toBeInTheDocument();
    // Each unit price's source is a page address, shown as a link named by its site.
    expect(within(panel).getByRole('link', { name: /^allinfohome\.com/ })).toHaveAttribute(
      'href',
      expect.stringContaining('https://allinfohome.com/'),
    );
    await user.click(next());

    expect(screen.getByText('Subtask 2 of 2')).toBeInTheDocument();
    const qty = screen.getByLabelText('Quantity (each)');
    await user.type(qty, '0');
    expect(await screen.findByText('Quantity must be at least 1')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await user.clear(qty);
    await user.type(qty, '1.5');
    expect(qty).toHaveValue('15');

    // Back keeps what was entered.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Length (ft)')).toHaveValue('12.5');
  });

  it('asks "Is that right?" above the usual maximum without holding Next back', async () => {
    const { user } = renderWizard();
    await toSubtasks(user, 'Bathroom', 'Bathroom Remodel');
    await user.click(screen.getByRole('checkbox', { name: /^Wall tile/ }));
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /^Standard/ }));
    await user.click(next());

    const length = screen.getByLabelText('Length (ft)');
    const width = screen.getByLabelText('Width (ft)');
    await user.type(length, '40');
    await user.type(width, '50');
    // 40 x 50 = 2,000 sq ft: at the usual maximum, nothing to ask.
    expect(screen.queryByText('Is that right?')).not.toBeInTheDocument();
    expect(width).not.toHaveAccessibleDescription();

    await user.clear(length);
    await user.type(length, '50');
    const notice = 'Is that right?';
    const text =
      '2,500 sq ft is far more than usual: most jobs need at most 2,000 sq ft. Check the numbers, or go on if they are right.';
    expect(screen.getByText(notice)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(length).toHaveAccessibleDescription(`${notice} ${text}`);
    expect(width).toHaveAccessibleDescription(`${notice} ${text}`);
    expect(length).not.toHaveAttribute('aria-invalid');
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(screen.getByRole('heading', { name: 'Choose Your Region' })).toBeInTheDocument();
  });

  it('automotive: "No measurements required", region required, priced by the server, saved', async () => {
    const { user, calls, location } = renderWizard({
      'POST /api/estimates': { status: 201, body: makeEstimate() },
      'GET /api/estimates': { body: estimatePage([]) },
      'POST /api/estimate/automotive': {
        body: {
          totalCost: 96,
          totalCents: 9600,
          subtotalCents: 12000,
          grade: 'Economy',
          gradeMultiplier: 0.8,
          lines: [],
        },
      },
    });
    await toSubtasks(user, 'Automotive', 'Brakes');
    await user.click(screen.getByRole('checkbox', { name: /^Brake fluid flush/ }));
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /^Economy/ }));
    await user.click(next());
    expect(screen.getByText('No measurements required for this item.')).toBeInTheDocument();
    await user.click(next());

    const generate = screen.getByRole('button', { name: 'Generate Estimate' });
    expect(generate).toBeDisabled();
    const region = screen.getByRole('combobox', { name: 'Region' });
    await user.type(region, 'Jacksonville FL');
    await user.click(screen.getByRole('option', { name: /^Jacksonville, FL/ }));
    expect(region).toHaveValue('Jacksonville, FL');
    expect(generate).toBeEnabled();
    await user.click(generate);

    expect(screen.getByRole('heading', { name: 'This is your estimate.' })).toBeInTheDocument();
    expect(screen.getByText('Number of subtasks')).toBeInTheDocument();
    // $96.00 x 0.8 and x 1.2: the summary's range is whole dollars.
    expect(screen.getByText('$77 to $115')).toBeInTheDocument();
    expect(
      await screen.findByText(/^Our server priced it at \$96\.00, the same as above./),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/estimate/automotive')?.body).toEqual({
      grade: 'Economy',
      items: [{ subtaskId: 'brake-fluid-flush', quantity: 1 }],
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(location)).toBe('/saved-estimates'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/estimates')?.body).toMatchObject({
      category: 'automotive',
      task: 'Brakes',
      subtasks: ['brake-fluid-flush'],
      measurements: JSON.stringify({ 'brake-fluid-flush': {} }),
      gradeLevel: 'Economy',
      region: 'Jacksonville, FL',
      city: 'Jacksonville',
      state: 'FL',
      status: 'draft',
    });
  });

  it('saves a home-repair estimate, goes to /saved-estimates and clears the draft', async () => {
    const { user, location } = renderWizard({
      'POST /api/estimates': { status: 201, body: makeEstimate() },
      'GET /api/estimates': { body: estimatePage([]) },
    });
    await toSubtasks(user, 'Electrical', 'Electrical');
    await user.click(screen.getByRole('checkbox', { name: /^Panel upgrade/ }));
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /^Standard/ }));
    await user.click(next());
    await user.type(screen.getByLabelText(/^Quantity/), '1');
    await user.click(next());
    await user.type(screen.getByRole('combobox', { name: 'Region' }), 'Anchorage');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Generate Estimate' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath(location)).toBe('/saved-estimates'));
    expect(await screen.findByText('Estimate saved successfully!')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('sends what the domain builds for a home-repair estimate and keeps entries on failure', async () => {
    const { user, calls } = renderWizard({ 'POST /api/estimates': { status: 500, body: INTERNAL_ERROR } });
    await toSubtasks(user, 'Bathroom', 'Bathroom Remodel');
    await user.click(screen.getByRole('checkbox', { name: /^Toilet/ }));
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /^Medium/ }));
    await user.click(next());
    await user.type(screen.getByLabelText('Quantity (each)'), '2');
    await user.click(next());
    await user.type(screen.getByRole('combobox', { name: 'Region' }), 'Anchorage');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Generate Estimate' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to save estimate. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This is your estimate.' })).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST' && c.path === '/api/estimates')?.body;
    expect(body).toEqual(
      buildSavedEstimatePayload({
        category: 'bathroom',
        task: 'bathroom-remodel',
        subtasks: ['bathroom-toilet'],
        measurements: { 'bathroom-toilet': { quantity: '2' } },
        gradeLevel: 'Medium',
        region: 'Anchorage, AK',
      }),
    );
  });

  it('the region step asks an optional ZIP code: a wrong one says so, Generate Estimate never waits for it', async () => {
    const { user, calls } = renderWizard({
      'GET /api/geo/zip/99501': {
        body: {
          zip: '99501',
          city: 'Anchorage',
          state: 'AK',
          lat: 61.2,
          lng: -149.9,
          timeZone: 'America/Anchorage',
        },
      },
      'GET /api/geo/zip/00000': { status: 404, body: { error: 'Unknown ZIP code', code: 'NOT_FOUND' } },
      'POST /api/estimates': { status: 500, body: INTERNAL_ERROR },
    });
    await toSubtasks(user, 'Bathroom', 'Bathroom Remodel');
    await user.click(screen.getByRole('checkbox', { name: /^Toilet/ }));
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /^Medium/ }));
    await user.click(next());
    await user.type(screen.getByLabelText('Quantity (each)'), '2');
    await user.click(next());
    await user.type(screen.getByRole('combobox', { name: 'Region' }), 'Anchorage');
    await user.keyboard('{Enter}');
    const generate = screen.getByRole('button', { name: 'Generate Estimate' });
    expect(generate).toBeEnabled();

    const zip = screen.getByLabelText('ZIP code (optional)');
    await user.type(zip, '995');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid US ZIP code');
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(generate).toBeEnabled();
    await user.clear(zip);
    await user.type(zip, '00000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid US ZIP code');
    await user.clear(zip);
    await user.type(zip, '99501');
    expect(await screen.findByText(/^Anchorage, AK\./)).toBeInTheDocument();
    expect(zip).not.toHaveAttribute('aria-invalid');

    await user.click(generate);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Failed to save estimate. Please try again.');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/estimates')?.body).toMatchObject({
      zipCode: '99501',
    });
  });

  it('restores a half-built estimate after a reload', async () => {
    const first = renderWizard();
    await toSubtasks(first.user, 'Kitchen', 'Cabinets');
    await first.user.click(screen.getByRole('checkbox', { name: /^Cabinets/ }));
    first.unmount();

    const second = renderWizard();
    expect(await screen.findByRole('heading', { name: 'Choose Subtasks' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Cabinets/ })).toBeChecked();

    // Start over asks first, then clears the draft.
    await second.user.click(screen.getByRole('button', { name: 'Start over' }));
    await second.user.click(await screen.findByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('checkbox', { name: /^Cabinets/ })).toBeChecked();
    await second.user.click(screen.getByRole('button', { name: 'Start over' }));
    await second.user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('button', { name: 'Start Estimate' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });
});
