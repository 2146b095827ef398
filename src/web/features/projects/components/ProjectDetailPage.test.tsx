// The project page's owner actions: "Close project" asks first (a Radix dialog, keyboard only here), shows
// "Closing…" while the call runs, keeps the dialog open with the server's reason on failure, and afterwards the
// page says the project is closed. Only the owner of a live project is offered the action.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDetail, PublicProject } from '#domain/schemas/project.schema';
import { makeUser, renderApp, type MockReply, type RecordedCall } from '#web/test/render.tsx';

// The first visit loads the screen's lazy chunk, which can take a moment on a busy machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const owner = makeUser({ id: 'c1' });

function project(overrides: Partial<PublicProject> = {}): PublicProject {
  return {
    id: 'p1',
    title: 'Redo the kitchen',
    category: 'kitchen',
    categoryLabel: 'Kitchen',
    city: 'Jacksonville',
    description: 'New cabinets and counters',
    createdAt: '2026-01-05T10:00:00.000Z',
    minBudget: 5000,
    maxBudget: 9000,
    budgetMin: 5000,
    budgetMax: 9000,
    messageCount: 0,
    status: 'live',
    ...overrides,
  };
}

function detail(
  role: ProjectDetail['viewer']['role'],
  overrides: Partial<PublicProject> = {},
): ProjectDetail {
  return {
    project: project(overrides),
    messages: [],
    viewer: { role, canMessage: false, messageBlockedReason: null, connected: false },
    contact: null,
  };
}

describe('closing a project', () => {
  it('the owner closes it from the page after confirming, with the keyboard alone', async () => {
    let closed = false;
    const { user, calls } = renderApp({
      path: '/projects/p1',
      user: owner,
      routes: {
        'GET /api/projects/p1': () => ({ body: detail('owner', { status: closed ? 'closed' : 'live' }) }),
        'POST /api/projects/p1/close': () => {
          closed = true;
          return { body: { ok: true, project: project({ status: 'closed' }) } };
        },
      },
    });
    const action = await screen.findByRole('button', { name: 'Close project' });
    action.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Close this project?' });
    const closeCalls = () => calls.filter((c: RecordedCall) => c.path === '/api/projects/p1/close');
    expect(closeCalls()).toEqual([]);

    // Escape cancels: nothing is sent and focus returns to the action.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(closeCalls()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Close project' })).toHaveFocus();

    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Close this project?' });
    within(dialog).getByRole('button', { name: 'Close project' }).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Project closed')).toBeInTheDocument();
    expect(await screen.findByText('This project is closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(closeCalls()).toEqual([{ method: 'POST', path: '/api/projects/p1/close', body: undefined }]);
  });

  it('shows "Closing…" while the call runs and the server\'s reason in the dialog when it fails', async () => {
    let answer: (reply: MockReply<'POST /api/projects/:id/close'>) => void = () => {};
    const { user } = renderApp({
      path: '/projects/p1',
      user: owner,
      routes: {
        'GET /api/projects/p1': { body: detail('owner') },
        'POST /api/projects/p1/close': () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Close project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this project?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close project' }));
    expect(await within(dialog).findByRole('button', { name: 'Closing…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    answer({ status: 404, body: { error: 'Project not found', code: 'NOT_FOUND' } });
    expect(await within(dialog).findByText('Project not found')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close project' })).toBeEnabled();
    expect(screen.queryByText('This project is closed')).not.toBeInTheDocument();
  });

  it('is offered to the owner of a live project only; a closed project says so to everyone', async () => {
    renderApp({
      path: '/projects/p1',
      user: makeUser({ id: 'p9', role: 'provider' }),
      routes: {
        'GET /api/projects/p1': {
          body: {
            ...detail('provider', { status: 'closed' }),
            viewer: {
              role: 'provider',
              canMessage: false,
              messageBlockedReason: 'This project is no longer taking offers',
              connected: false,
            },
          },
        },
      },
    });
    expect(await screen.findByText('This project is closed')).toBeInTheDocument();
    expect(screen.getByText('This project is no longer taking offers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See plans' })).not.toBeInTheDocument();
  });

  it('a visitor who is not the owner gets no close action on a live project', async () => {
    renderApp({
      path: '/projects/p1',
      user: makeUser({ id: 'c2' }),
      routes: { 'GET /api/projects/p1': { body: detail('other') } },
    });
    expect(await screen.findByRole('heading', { name: 'Redo the kitchen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close project' })).not.toBeInTheDocument();
  });
});
