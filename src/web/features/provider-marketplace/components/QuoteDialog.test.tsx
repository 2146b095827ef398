import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import type { Estimate } from '#domain/schemas/estimate-api.schema';
import type { OwnQuote } from '#domain/schemas/quote.schema';
import { makeEstimate } from '#web/test/builders.ts';
import { defineRoutes, makeUser, renderApp, type RecordedCall } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const provider = makeUser({ id: 'p1', role: 'provider', firstName: 'Pat' });
const E = '11111111-1111-4111-8111-111111111111';

const line = (subtaskId: string, name: string, amount: number): Estimate['lineItems'][number] => ({
  subtaskId,
  name,
  measurementType: 'flatRate',
  quantity: 1,
  unit: 'each',
  unitPrice: amount,
  baseCents: amount * 100,
  amountCents: amount * 100,
  amount,
  source: 'test',
});

/** A posted kitchen estimate of two lines ($2,000 and $1,000) and a range of $2,500 – $3,500. */
const estimate = makeEstimate({
  id: E,
  title: 'Kitchen refit',
  status: 'posted',
  datePosted: '2026-11-20T10:00:00.000Z',
  subtasks: ['Cabinets', 'Countertops'],
  subtaskIds: ['kitchen-cabinets', 'kitchen-countertops'],
  lineItems: [line('kitchen-cabinets', 'Cabinets', 2000), line('kitchen-countertops', 'Countertops', 1000)],
  finalEstimate: 3000,
  minBudget: 2500,
  maxBudget: 3500,
  providerAccess: { allowed: true, label: 'Message', reason: null },
});

const today = new Date();
const ymd = (days: number) =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);

function ownQuote(overrides: Partial<OwnQuote> = {}): OwnQuote {
  return {
    id: 'q1',
    revision: 1,
    lines: [{ subtaskId: 'kitchen-cabinets', subtask: 'Cabinets', amount: 1800 }],
    extras: [],
    exclusions: 'Paint',
    validUntil: ymd(10),
    startFrom: null,
    startTo: null,
    note: '',
    total: 1800,
    createdAt: '2026-11-21T10:00:00.000Z',
    revisedAt: null,
    ...overrides,
  };
}

function routes(quote: OwnQuote | null, put: (call: RecordedCall) => unknown) {
  return defineRoutes({
    'GET /api/posted-estimates': {
      body: { items: [estimate], total: 1, totalCapped: false, page: 1, pageSize: 20 },
    },
    'GET /api/tasks/bids': {
      body: {
        items: [{ bidId: 'b1', estimateId: E, status: 'pending', createdAt: '2026-11-21T10:00:00.000Z' }],
      },
    },
    'GET /api/bids/provider': {
      body: {
        items: [
          {
            id: 'b1',
            estimateId: E,
            providerId: 'p1',
            status: 'pending',
            createdAt: '2026-11-21T10:00:00.000Z',
            decidedAt: null,
            estimate: {
              title: 'Kitchen refit',
              category: 'kitchen',
              task: 'Kitchen Remodel',
              status: 'posted',
              minBudget: 2500,
              maxBudget: 3500,
              customerName: 'Casey J.',
              datePosted: '2026-11-20T10:00:00.000Z',
            },
            quote,
          },
        ],
        total: 1,
      },
    },
    'PUT /api/bids/b1/quote': (call) => {
      put(call);
      return {
        status: 201,
        body: { message: 'Quote saved', quote: ownQuote({ lines: [], total: 2640 }) },
      };
    },
  });
}

describe('the quote form', { timeout: 30_000 }, () => {
  it('prefills the estimate’s lines, totals live against the range, flags a line in words and sends no total', async () => {
    const sent: RecordedCall[] = [];
    let refuse = true;
    const { user, calls } = renderApp({
      path: '/provider/posted-estimates',
      user: provider,
      routes: {
        ...routes(null, (c) => sent.push(c)),
        'PUT /api/bids/b1/quote': (call: RecordedCall) => {
          sent.push(call);
          if (refuse) {
            refuse = false;
            return {
              status: 400 as const,
              body: {
                error: 'That extra cannot be quoted',
                code: 'VALIDATION',
                fields: { 'extras.0.label': 'That extra cannot be quoted' },
              },
            };
          }
          return {
            status: 201 as const,
            body: { message: 'Quote saved', quote: ownQuote({ total: 2640 }) },
          };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Posted estimates' });
    const open = await within(table).findByRole('button', { name: 'Add a quote for Kitchen refit' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Quote Kitchen refit' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    const cabinets = within(dialog).getByLabelText('Your price for Cabinets ($)');
    expect(cabinets).toHaveValue('2000');
    expect(within(dialog).getByLabelText('Your price for Countertops ($)')).toHaveValue('1000');
    expect(within(dialog).getByLabelText('Price holds until')).toHaveValue(ymd(14));
    const live = within(dialog).getByText('Your total: $3,000.00').parentElement!;
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent("Within the customer's range");

    await user.clear(cabinets);
    await user.type(cabinets, '2440');
    expect(within(dialog).getByText('22 % above the estimate')).toBeInTheDocument();
    expect(live).toHaveTextContent('Your total: $3,440.00');

    await user.click(within(dialog).getByRole('button', { name: 'Add an extra' }));
    await user.type(within(dialog).getByLabelText('Extra 1: what'), 'Haul away');
    await user.type(within(dialog).getByLabelText('Extra 1: price ($)'), '200');
    expect(live).toHaveTextContent('Your total: $3,640.00');
    expect(live).toHaveTextContent("$140.00 above the customer's range");

    await user.click(within(dialog).getByRole('checkbox', { name: 'Quote Countertops' }));
    expect(within(dialog).getByText('Not quoted')).toBeInTheDocument();
    expect(live).toHaveTextContent('Your total: $2,640.00');
    expect(live).toHaveTextContent("Within the customer's range");
    await expectNoAxeViolations();

    await user.click(within(dialog).getByRole('button', { name: 'Save quote' }));
    const label = within(dialog).getByLabelText('Extra 1: what');
    await waitFor(() => expect(label).toHaveAttribute('aria-invalid', 'true'));
    expect(label).toHaveAccessibleDescription('That extra cannot be quoted');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      lines: [{ subtask: 'kitchen-cabinets', amount: 2440 }],
      extras: [{ label: 'Haul away', amount: 200 }],
      exclusions: '',
      validUntil: ymd(14),
      startFrom: null,
      startTo: null,
      note: '',
    });
    expect(sent[0]!.body).not.toHaveProperty('total');

    const before = calls.filter((c) => c.path.startsWith('/api/bids/provider')).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save quote' }));
    expect(await screen.findByText('Quote saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/api/bids/provider')).length).toBeGreaterThan(before),
    );
  });

  it('checks amounts before sending, and Escape closes it with the focus back on its button', async () => {
    const sent: RecordedCall[] = [];
    const { user } = renderApp({
      path: '/provider/posted-estimates',
      user: provider,
      routes: routes(null, (c) => sent.push(c)),
    });
    const table = await screen.findByRole('table', { name: 'Posted estimates' });
    const open = await within(table).findByRole('button', { name: 'Add a quote for Kitchen refit' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Quote Kitchen refit' });
    const cabinets = within(dialog).getByLabelText('Your price for Cabinets ($)');
    await user.clear(cabinets);
    await user.type(cabinets, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Save quote' }));
    expect(await within(dialog).findByText('Use at most two decimals (cents)')).toBeInTheDocument();
    expect(cabinets).toHaveFocus();
    expect(sent).toHaveLength(0);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).toHaveFocus();
  });

  it('reads "Edit quote" once a quote exists and starts from it; a line it left out reads "Not quoted"', async () => {
    const sent: RecordedCall[] = [];
    const { user } = renderApp({
      path: '/provider/posted-estimates',
      user: provider,
      routes: routes(ownQuote(), (c) => sent.push(c)),
    });
    const table = await screen.findByRole('table', { name: 'Posted estimates' });
    await user.click(await within(table).findByRole('button', { name: 'Edit quote for Kitchen refit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your quote: Kitchen refit' });
    expect(within(dialog).getByLabelText('Your price for Cabinets ($)')).toHaveValue('1800');
    expect(within(dialog).queryByLabelText('Your price for Countertops ($)')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Not quoted')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('What the price leaves out (optional)')).toHaveValue('Paint');
    expect(within(dialog).getByText('Your total: $1,800.00').parentElement).toHaveTextContent(
      "$700.00 below the customer's range",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Update quote' }));
    expect(await screen.findByText('Quote updated')).toBeInTheDocument();
    expect(sent[0]!.body).toMatchObject({ lines: [{ subtask: 'kitchen-cabinets', amount: 1800 }] });
  });
});
