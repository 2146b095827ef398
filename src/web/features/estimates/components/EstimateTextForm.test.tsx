// The owner edits the title and the description on the estimate's page: the inline form checks the shared rules
// before sending, shows each message next to its field, counts the characters, says when it is saving or failed,
// closes with Escape, and gives the focus back to its button. Nobody else, and no completed estimate, gets it.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERNAL_ERROR, makeEstimate } from '#web/test/builders.ts';
import { makeUser, renderApp, type RecordedCall } from '#web/test/render.tsx';
import type { Estimate } from '../api/types.ts';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const customer = makeUser({ id: 'c1' });
const EDIT = 'Edit title and description';

function open(estimate: Estimate, patch: Parameters<typeof renderApp>[0]['routes'] = {}) {
  return renderApp({
    path: `/estimates/${estimate.id}`,
    user: customer,
    routes: {
      'GET /api/estimates/e1': { body: estimate },
      'GET /api/estimates/e1/bids': { body: { items: [] } },
      ...patch,
    },
  });
}

describe('editing the title and the description', { timeout: 20_000 }, () => {
  it('the owner of a draft saves a trimmed title and description; the form closes and the focus is back', async () => {
    let current = makeEstimate();
    const { user, calls } = open(current, {
      'GET /api/estimates/e1': () => ({ body: current }),
      'PATCH /api/estimates/e1': (call: RecordedCall) => {
        const body = call.body as { title: string; description: string };
        current = makeEstimate({ title: body.title, description: body.description });
        return { body: current };
      },
    });
    await user.click(await screen.findByRole('button', { name: EDIT }));
    const form = screen.getByRole('form', { name: EDIT });
    const title = within(form).getByLabelText('Title');
    expect(title).toHaveFocus();
    expect(title).toHaveValue('Kitchen Remodel - Kitchen');

    await user.clear(title);
    await user.type(title, '  Leaky shower ');
    const description = within(form).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'The shower valve drips when off.');
    expect(within(form).getByText('32 of 2,000 characters')).toBeInTheDocument();
    expect(description).toHaveAccessibleDescription('32 of 2,000 characters');

    await user.keyboard('{Tab}{Enter}'); // to Save changes, with the keyboard alone
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        title: 'Leaky shower',
        description: 'The shower valve drips when off.',
      }),
    );
    expect(await screen.findByText('Estimate updated')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaky shower' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: EDIT })).toBeNull();
    expect(screen.getByText('The shower valve drips when off.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: EDIT })).toHaveFocus());
  });

  it('checks before sending: an empty title and a description over 2,000 characters, each next to its field', async () => {
    const { user, calls } = open(makeEstimate({ status: 'posted' }));
    await user.click(await screen.findByRole('button', { name: EDIT }));
    const form = screen.getByRole('form', { name: EDIT });
    await user.clear(within(form).getByLabelText('Title'));
    const description = within(form).getByLabelText('Description');
    await user.clear(description);
    await user.click(description);
    await user.paste('x'.repeat(2001));
    expect(within(form).getByText('2,001 of 2,000 characters')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(form).findByText('Please enter a title')).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Title')).toHaveAccessibleDescription('Please enter a title');
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveAccessibleDescription(
      '2,001 of 2,000 characters The description can be at most 2,000 characters',
    );
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it("shows the server's field message under its field, and any other refusal above the buttons", async () => {
    let reply: { status: 400 | 409 | 500; body: object } = {
      status: 400,
      body: {
        error: 'The description can be at most 2,000 characters',
        code: 'VALIDATION',
        fields: { description: 'The description can be at most 2,000 characters' },
      },
    };
    const { user } = open(makeEstimate(), { 'PATCH /api/estimates/e1': () => reply });
    await user.click(await screen.findByRole('button', { name: EDIT }));
    const form = screen.getByRole('form', { name: EDIT });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(form).findByText('The description can be at most 2,000 characters'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Description')).toHaveFocus();

    reply = { status: 409, body: { error: 'A completed estimate cannot be edited', code: 'CONFLICT' } };
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('A completed estimate cannot be edited');

    reply = { status: 500, body: INTERNAL_ERROR };
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(
        'Failed to update the estimate. Please try again.',
      ),
    );
    expect(screen.getByRole('form', { name: EDIT })).toBeInTheDocument();
  });

  it('says Saving… while the change is on its way, and Escape closes the form without sending', async () => {
    let release: (() => void) | undefined;
    const { user, calls } = open(makeEstimate({ status: 'posted', bidCount: 2 }), {
      'PATCH /api/estimates/e1': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: makeEstimate({ status: 'posted', bidCount: 2 }) });
        }),
    });
    await user.click(await screen.findByRole('button', { name: EDIT }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: EDIT })).toBeNull();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await waitFor(() => expect(screen.getByRole('button', { name: EDIT })).toHaveFocus());

    await user.keyboard('{Enter}');
    const form = screen.getByRole('form', { name: EDIT });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(form).toHaveAttribute('aria-busy', 'true');
    release?.();
    expect(await screen.findByText('The providers who bid on it have been told.')).toBeInTheDocument();
  });

  it('is offered to the owner of a draft or a posted estimate only: not another reader, not completed or cancelled', async () => {
    const other = renderApp({
      path: '/estimates/e1',
      user: makeUser({ id: 'someone-else' }),
      routes: { 'GET /api/estimates/e1': { body: makeEstimate({ status: 'posted' }) } },
    });
    expect(await screen.findByText('Kitchen Remodel project with 1 subtasks')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: EDIT })).toBeNull();
    other.unmount();

    for (const status of ['completed', 'cancelled'] as const) {
      const view = open(makeEstimate({ status }));
      expect(await screen.findByText('Kitchen Remodel project with 1 subtasks')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: EDIT })).toBeNull();
      view.unmount();
    }
  });

  it('an empty description tells the owner what to write there', async () => {
    open(makeEstimate({ description: '' }));
    expect(await screen.findByText(/No description yet\./)).toHaveTextContent(
      'No description yet. Say what is wrong in your own words, for example “the shower valve drips when off”.',
    );
  });
});
