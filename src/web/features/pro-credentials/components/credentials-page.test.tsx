// /provider/credentials against a scripted API: where each credential stands in words, the badge's text, the
// document link, the empty and error states, the upload (fields by kind, the browser's checks, the server's
// refusals at their fields), the edit that sends it back to review, the delete asked first.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Credential } from '#domain/schemas/pro-profile.schema';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import { makeUser, renderApp, type RecordedCall, type RouteTable } from '#web/test/render.tsx';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.unstubAllGlobals());

const provider = makeUser({ id: 'p1', role: 'provider', subscriptionPlan: 'starter' });

function credential(overrides: Partial<Credential> = {}): Credential {
  return {
    id: 'c1',
    kind: 'license',
    status: 'pending',
    state: 'FL',
    number: 'CGC1234567',
    trade: 'General contractor',
    insurer: null,
    policyNumber: null,
    coverageAmount: null,
    expiresOn: '2099-08-31',
    documentType: 'application/pdf',
    documentBytes: 1_258_291,
    documentDeleted: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    reviewedAt: null,
    reviewComment: null,
    badgeActive: false,
    ...overrides,
  };
}

const verified = credential({
  id: 'c2',
  status: 'approved',
  reviewedAt: '2026-11-26T09:00:00.000Z',
  badgeActive: true,
  expiresOn: '2099-08-31',
});
const insurance = credential({
  id: 'c3',
  kind: 'insurance',
  status: 'denied',
  state: null,
  number: null,
  trade: null,
  insurer: 'Acme Mutual',
  policyNumber: 'GL-889',
  coverageAmount: 1_000_000,
  documentType: 'image/png',
  documentBytes: 40_000,
  reviewComment: 'The policy number does not match the certificate',
  reviewedAt: '2026-11-25T09:00:00.000Z',
});
const expired = credential({
  id: 'c4',
  state: 'GA',
  number: 'RBQA0042',
  status: 'approved',
  expiresOn: '2026-01-31',
  reviewedAt: '2025-02-01T09:00:00.000Z',
  documentDeleted: true,
});

function open<T>(routes: RouteTable<T>) {
  return renderApp({ path: '/provider/credentials', user: provider, routes });
}

/** The form fields of the multipart POST the upload sent. */
function sentForm(fetchMock: ReturnType<typeof vi.fn>): FormData {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => String(url) === '/api/provider/credentials' && (init as RequestInit)?.method === 'POST',
  );
  expect(call).toBeDefined();
  return (call![1] as RequestInit).body as FormData;
}

const pdf = () => new File(['%PDF-1.7 …'], 'license.pdf', { type: 'application/pdf' });

describe('/provider/credentials', { timeout: 20_000 }, () => {
  it('lists each credential with where it stands in words, the badge text and the document', async () => {
    open({
      'GET /api/provider/credentials': {
        body: { items: [credential({ number: 'CGC5550001' }), verified, insurance, expired] },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Licenses and insurance' }),
    ).toBeInTheDocument();
    const pending = await screen.findByRole('listitem', { name: 'Florida license #CGC5550001' });
    expect(pending).toHaveTextContent('Waiting for review');
    expect(within(pending).getByRole('link', { name: /Download the document/ })).toHaveAttribute(
      'href',
      '/api/provider/credentials/c1/document',
    );
    expect(pending).toHaveTextContent('(PDF, 1.2 MB)');

    const ok = screen.getByRole('listitem', { name: 'Florida license #CGC1234567' });
    expect(ok).toHaveTextContent('Verified — shows as a badge until 2099-08-31');
    expect(ok).toHaveTextContent(
      'Your badge reads: Licensed: FL #CGC1234567, checked 2026-11-26, valid until 2099-08-31',
    );

    const denied = screen.getByRole('listitem', { name: 'Insurance policy GL-889 (Acme Mutual)' });
    expect(denied).toHaveTextContent('Not accepted: The policy number does not match the certificate');
    expect(denied).toHaveTextContent('Coverage: $1,000,000');
    expect(denied).toHaveTextContent('(PNG, 39 KB)');

    const old = screen.getByRole('listitem', { name: 'Georgia license #RBQA0042' });
    expect(old).toHaveTextContent('Expired');
    expect(old).not.toHaveTextContent('Your badge reads');
    expect(old).toHaveTextContent('The document was deleted.');
    expect(within(old).queryByRole('link')).toBeNull();
    await expectNoAxeViolations();
  });

  it('says why it matters when there is nothing yet, and offers to try again after a failed read', async () => {
    let fail = true;
    const { user } = open({
      'GET /api/provider/credentials': () =>
        fail ? { status: 500, body: INTERNAL_ERROR } : { body: { items: [] } },
    });
    expect(await screen.findByText('Your licenses and insurance could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No licenses or insurance yet')).toBeInTheDocument();
    expect(screen.getByText(/a badge on your page and on every bid/)).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('uploads a license as multipart with its fields and the document, then lists it', async () => {
    let items: Credential[] = [];
    const { user, fetchMock } = open({
      'GET /api/provider/credentials': () => ({ body: { items } }),
      'POST /api/provider/credentials': () => {
        items = [credential()];
        return { status: 201, body: credential() };
      },
    });
    await screen.findByText('No licenses or insurance yet');
    await user.selectOptions(screen.getByLabelText('State that issued it'), 'Florida');
    await user.type(screen.getByLabelText('License number'), 'CGC1234567');
    await user.type(screen.getByLabelText('Trade'), 'General contractor');
    await user.type(screen.getByLabelText('Expires on'), '2099-08-31');
    await user.upload(screen.getByLabelText(/^Document/), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload the license' }));

    expect(await screen.findByText('License uploaded')).toBeInTheDocument();
    const form = sentForm(fetchMock);
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'document'))).toEqual({
      kind: 'license',
      state: 'FL',
      number: 'CGC1234567',
      trade: 'General contractor',
      expiresOn: '2099-08-31',
    });
    expect((form.get('document') as File).name).toBe('license.pdf');
    expect(await screen.findByRole('listitem', { name: 'Florida license #CGC1234567' })).toHaveTextContent(
      'Waiting for review',
    );
    expect(screen.getByLabelText('License number')).toHaveValue('');
  });

  it('switches to the insurance fields and sends the coverage in whole dollars', async () => {
    const { user, fetchMock } = open({
      'GET /api/provider/credentials': { body: { items: [] } },
      'POST /api/provider/credentials': { status: 201, body: insurance },
    });
    await screen.findByText('No licenses or insurance yet');
    await user.click(screen.getByRole('radio', { name: 'Insurance' }));
    expect(screen.queryByLabelText('License number')).toBeNull();
    await user.type(screen.getByLabelText('Insurer'), 'Acme Mutual');
    await user.type(screen.getByLabelText('Policy number'), 'GL-889');
    await user.type(screen.getByLabelText('General liability coverage (dollars)'), '$1,000,000');
    await user.type(screen.getByLabelText('Expires on'), '2099-01-31');
    await user.upload(
      screen.getByLabelText(/^Document/),
      new File(['png'], 'certificate.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload the insurance' }));
    expect(await screen.findByText('Insurance uploaded')).toBeInTheDocument();
    const form = sentForm(fetchMock);
    expect(form.get('kind')).toBe('insurance');
    expect(form.get('coverageAmount')).toBe('1000000');
    expect(form.get('policyNumber')).toBe('GL-889');
    expect(form.has('state')).toBe(false);
  });

  it('checks the fields, the expiry and the document in the browser and sends nothing until they are right', async () => {
    const { user, calls } = open({ 'GET /api/provider/credentials': { body: { items: [] } } });
    await screen.findByText('No licenses or insurance yet');
    await user.click(screen.getByRole('button', { name: 'Upload the license' }));
    expect(await screen.findByText('Choose the state that issued the license')).toBeInTheDocument();
    expect(screen.getByText('The license number is required')).toBeInTheDocument();
    expect(screen.getByText('The trade is required')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry date')).toBeInTheDocument();
    expect(screen.getByText('Choose the document: a PDF, JPEG or PNG file')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('State that issued it')).toHaveFocus());

    await user.type(screen.getByLabelText('Expires on'), '2020-01-01');
    await user.upload(
      screen.getByLabelText(/^Document/),
      // A web page behind a document's name: the browser goes by its type too.
      new File(['<html>'], 'license.pdf', { type: 'text/html' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload the license' }));
    expect(await screen.findByText('The expiry date must be in the future')).toBeInTheDocument();
    expect(screen.getByText('The document must be a PDF, JPEG or PNG file')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Document/)).toHaveAccessibleDescription(
      'The document must be a PDF, JPEG or PNG file',
    );

    const big = pdf();
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(screen.getByLabelText(/^Document/), big);
    await user.click(screen.getByRole('button', { name: 'Upload the license' }));
    expect(await screen.findByText('The document must be at most 10 MB')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/provider/credentials' && c.method === 'POST')).toBe(false);
    await expectNoAxeViolations();
  });

  it("shows the server's refusal at its field", async () => {
    const { user } = open({
      'GET /api/provider/credentials': { body: { items: [] } },
      'POST /api/provider/credentials': {
        status: 400,
        body: {
          error: 'The document is not a PDF, JPEG or PNG file',
          code: 'VALIDATION',
          fields: { document: 'The document is not a PDF, JPEG or PNG file' },
        },
      },
    });
    await screen.findByText('No licenses or insurance yet');
    await user.selectOptions(screen.getByLabelText('State that issued it'), 'FL');
    await user.type(screen.getByLabelText('License number'), 'CGC1234567');
    await user.type(screen.getByLabelText('Trade'), 'Roofing');
    await user.type(screen.getByLabelText('Expires on'), '2099-08-31');
    await user.upload(screen.getByLabelText(/^Document/), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload the license' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Document/)).toHaveAccessibleDescription(
        'The document is not a PDF, JPEG or PNG file',
      ),
    );
    await waitFor(() => expect(screen.getByLabelText(/^Document/)).toHaveFocus());
    expect(screen.getByLabelText('License number')).toHaveValue('CGC1234567');
  });

  it('edits the number and the expiry with a warning that it goes back to review, sending only what changed', async () => {
    const patches: RecordedCall[] = [];
    const { user } = open({
      'GET /api/provider/credentials': { body: { items: [verified] } },
      'PATCH /api/provider/credentials/c2': (call) => {
        patches.push(call);
        return { body: { ...verified, status: 'pending', badgeActive: false } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit the Florida license #CGC1234567' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the Florida license #CGC1234567' });
    expect(dialog).toHaveAccessibleDescription(
      'Saving a new number or expiry date sends it back to review: its badge stops showing until an admin checks it again.',
    );
    const expiry = within(dialog).getByLabelText('Expires on');
    await user.clear(expiry);
    await user.type(expiry, '2100-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('It is waiting for review again.')).toBeInTheDocument();
    expect(patches.map((c) => c.body)).toEqual([{ expiresOn: '2100-03-31' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks an edit with the messages the server uses and sends nothing wrong', async () => {
    const { user, calls } = open({ 'GET /api/provider/credentials': { body: { items: [insurance] } } });
    await user.click(
      await screen.findByRole('button', { name: 'Edit the Insurance policy GL-889 (Acme Mutual)' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Policy number'));
    const coverage = within(dialog).getByLabelText('General liability coverage (dollars)');
    await user.clear(coverage);
    await user.type(coverage, '1000.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('The policy number is required')).toBeInTheDocument();
    expect(coverage).toHaveAccessibleDescription('Enter whole dollars');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('deletes after asking, then focus goes to the list heading', async () => {
    let items = [verified];
    const { user, calls } = open({
      'GET /api/provider/credentials': () => ({ body: { items } }),
      'DELETE /api/provider/credentials/c2': () => {
        items = [];
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete the Florida license #CGC1234567' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the Florida license #CGC1234567?' });
    expect(dialog).toHaveTextContent('Its badge disappears from your page and your bids at once.');
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No licenses or insurance yet')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/provider/credentials/c2')).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Your licenses and insurance' })).toHaveFocus(),
    );
  });
});
