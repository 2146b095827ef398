// /provider/portfolio against a scripted API: the photos in order with the count, the Verified job label, the
// empty and error states, an upload (multipart photo + caption), adding a completed job's photo, a caption edit,
// Move up / Move down by keyboard (shown at once, put back when refused), a delete asked first, the full portfolio.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioItem } from '#domain/schemas/pro-profile.schema';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import { makeUser, renderApp, type RecordedCall, type RouteTable } from '#web/test/render.tsx';
import type { JobPhoto } from '../api/portfolio.ts';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const provider = makeUser({ id: 'p1', role: 'provider', subscriptionPlan: 'starter' });

function photo(n: number, overrides: Partial<PortfolioItem> = {}): PortfolioItem {
  return {
    id: `ph${n}`,
    url: `/api/providers/p1/portfolio/ph${n}`,
    caption: `Photo caption ${n}`,
    width: 1200,
    height: 900,
    position: n - 1,
    verified: null,
    ...overrides,
  };
}

const jobPhoto: JobPhoto = {
  id: 'jp1',
  jobId: 'j1',
  url: '/api/jobs/j1/photos/jp1',
  categoryLabel: 'Plumbing',
  month: '2026-03',
};

function open<T>(routes: RouteTable<T>) {
  return renderApp({ path: '/provider/portfolio', user: provider, routes });
}

const captions = () =>
  within(screen.getByRole('list', { name: /^Portfolio photos/ }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

function postedForm(fetchMock: ReturnType<typeof vi.fn>): FormData {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => String(url) === '/api/provider/portfolio' && (init as RequestInit)?.method === 'POST',
  );
  expect(call).toBeDefined();
  return (call![1] as RequestInit).body as FormData;
}

describe('/provider/portfolio', { timeout: 20_000 }, () => {
  it('shows the photos in order with the count and the Verified job label', async () => {
    const items = [
      photo(2, { position: 1 }),
      photo(1, { verified: { category: 'plumbing', categoryLabel: 'Plumbing', month: '2026-03' } }),
    ];
    open({ 'GET /api/provider/portfolio': { body: { items, jobPhotos: [jobPhoto] } } });
    expect(await screen.findByRole('heading', { name: 'Your photos (2 of 24)' })).toBeInTheDocument();
    expect(captions()).toEqual(['Photo 1 of 2: Photo caption 1', 'Photo 2 of 2: Photo caption 2']);
    const first = screen.getByRole('listitem', { name: 'Photo 1 of 2: Photo caption 1' });
    expect(first).toHaveTextContent('Verified job · Plumbing · March 2026');
    expect(within(first).getByRole('img', { name: 'Photo caption 1' })).toHaveAttribute('width', '1200');
    expect(within(first).getByRole('button', { name: 'Move “Photo caption 1” up' })).toBeDisabled();
    expect(screen.getByRole('listitem', { name: 'Photo 2 of 2: Photo caption 2' })).not.toHaveTextContent(
      'Verified job',
    );
    expect(screen.getByRole('button', { name: 'Add photo 1 of the Plumbing, March 2026 job' })).toBeEnabled();
    await expectNoAxeViolations();
  });

  it('shows the empty state, and an error with Try again', async () => {
    let fail = true;
    const { user } = open({
      'GET /api/provider/portfolio': () =>
        fail ? { status: 500, body: INTERNAL_ERROR } : { body: { items: [], jobPhotos: [] } },
    });
    expect(await screen.findByText('Your portfolio could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No photos yet')).toBeInTheDocument();
    expect(screen.getByText(/No photos from completed jobs to add/)).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('uploads a photo with its caption as multipart', async () => {
    let items: PortfolioItem[] = [];
    const { user, fetchMock } = open({
      'GET /api/provider/portfolio': () => ({ body: { items, jobPhotos: [] } }),
      'POST /api/provider/portfolio': () => {
        items = [photo(1, { caption: 'New deck' })];
        return { status: 201, body: items[0]! };
      },
    });
    await screen.findByText('No photos yet');
    await user.click(screen.getByRole('button', { name: 'Add the photo' }));
    expect(await screen.findByText('Choose a photo')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText(/^Photo \(/),
      new File(['jpg'], 'deck.jpg', { type: 'image/jpeg' }),
    );
    await user.type(screen.getByLabelText('Caption (optional)'), 'New deck');
    expect(screen.getByText('132 of 140 characters left')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add the photo' }));
    expect(await screen.findByRole('listitem', { name: 'Photo 1 of 1: New deck' })).toBeInTheDocument();
    const form = postedForm(fetchMock);
    expect(form.get('caption')).toBe('New deck');
    expect((form.get('photo') as File).name).toBe('deck.jpg');
    expect(screen.getByRole('heading', { name: 'Your photos (1 of 24)' })).toBeInTheDocument();
  });

  it("adds a completed job's photo by its id", async () => {
    const { user, fetchMock } = open({
      'GET /api/provider/portfolio': { body: { items: [], jobPhotos: [jobPhoto] } },
      'POST /api/provider/portfolio': {
        status: 201,
        body: photo(1, { verified: { category: 'plumbing', categoryLabel: 'Plumbing', month: '2026-03' } }),
      },
    });
    await user.click(
      await screen.findByRole('button', { name: 'Add photo 1 of the Plumbing, March 2026 job' }),
    );
    expect(await screen.findByText('It carries the “Verified job” label.')).toBeInTheDocument();
    const form = postedForm(fetchMock);
    expect([...form.keys()]).toEqual(['jobPhotoId']);
    expect(form.get('jobPhotoId')).toBe('jp1');
  });

  it('moves a photo down and up with the keyboard, at once, and keeps the focus', async () => {
    const sent: RecordedCall[] = [];
    const { user } = open({
      'GET /api/provider/portfolio': { body: { items: [photo(1), photo(2), photo(3)], jobPhotos: [] } },
      // The server's answer is not read: the list shows the move at once, then reads the list again.
      'PATCH /api/provider/portfolio/ph1': (call) => {
        sent.push(call);
        return new Promise(() => {});
      },
    });
    const down = await screen.findByRole('button', { name: 'Move “Photo caption 1” down' });
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(captions()).toEqual([
        'Photo 1 of 3: Photo caption 2',
        'Photo 2 of 3: Photo caption 1',
        'Photo 3 of 3: Photo caption 3',
      ]),
    );
    expect(sent.map((c) => c.body)).toEqual([{ position: 1 }]);
    expect(screen.getByRole('button', { name: 'Move “Photo caption 1” down' })).toHaveFocus();
    expect(screen.getByText('Moved to place 2 of 3.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(captions()[2]).toBe('Photo 3 of 3: Photo caption 1'));
    // At the last place Move down turns disabled: the focus moves to Move up.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Move “Photo caption 1” up' })).toHaveFocus(),
    );
  });

  it('puts the order back when the server refuses a move', async () => {
    const { user } = open({
      'GET /api/provider/portfolio': { body: { items: [photo(1), photo(2)], jobPhotos: [] } },
      'PATCH /api/provider/portfolio/ph2': { status: 500, body: INTERNAL_ERROR },
    });
    await user.click(await screen.findByRole('button', { name: 'Move “Photo caption 2” up' }));
    expect(await screen.findByText('Not moved')).toBeInTheDocument();
    await waitFor(() =>
      expect(captions()).toEqual(['Photo 1 of 2: Photo caption 1', 'Photo 2 of 2: Photo caption 2']),
    );
  });

  it('edits a caption and deletes a photo after asking', async () => {
    let items = [photo(1), photo(2)];
    const patches: RecordedCall[] = [];
    const { user, calls } = open({
      'GET /api/provider/portfolio': () => ({ body: { items, jobPhotos: [] } }),
      'PATCH /api/provider/portfolio/ph1': (call) => {
        patches.push(call);
        items = [photo(1, { caption: 'Kitchen, after' }), photo(2)];
        return { body: items[0]! };
      },
      'DELETE /api/provider/portfolio/ph2': () => {
        items = items.filter((i) => i.id !== 'ph2');
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit the caption of “Photo caption 1”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the caption' });
    const field = within(dialog).getByLabelText('Caption');
    await user.clear(field);
    await user.type(field, 'Kitchen, after');
    await user.click(within(dialog).getByRole('button', { name: 'Save the caption' }));
    expect(await screen.findByRole('listitem', { name: 'Photo 1 of 2: Kitchen, after' })).toBeInTheDocument();
    expect(patches.map((c) => c.body)).toEqual([{ caption: 'Kitchen, after' }]);

    await user.click(screen.getByRole('button', { name: 'Delete “Photo caption 2”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    await expectNoAxeViolations();
    await user.click(within(confirm).getByRole('button', { name: 'Delete the photo' }));
    await waitFor(() => expect(captions()).toEqual(['Photo 1 of 1: Kitchen, after']));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/provider/portfolio/ph2')).toBe(true);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your photos (1 of 24)' })).toHaveFocus());
  });

  it('says the portfolio is full at 24 and offers no upload', async () => {
    const items = Array.from({ length: 24 }, (_, i) => photo(i + 1));
    open({ 'GET /api/provider/portfolio': { body: { items, jobPhotos: [jobPhoto] } } });
    expect(await screen.findByRole('heading', { name: 'Your photos (24 of 24)' })).toBeInTheDocument();
    expect(
      screen.getByText('Your portfolio is full (24 of 24). Delete a photo to add another.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add the photo' })).toBeDisabled();
    expect(
      screen.getByRole('button', { name: 'Add photo 1 of the Plumbing, March 2026 job' }),
    ).toBeDisabled();
  });
});
