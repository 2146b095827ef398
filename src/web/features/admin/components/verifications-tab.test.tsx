// The admin console's Verifications tab against a scripted API: the pending credentials first with who uploaded
// them and the details, the image document shown in place from a blob: address, a PDF to download, Approve saying
// what the badge will read, Deny requiring its comment (5 to 500 characters), the filter, empty and error states.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCredential } from '#domain/schemas/pro-profile.schema';
import { expectNoAxeViolations } from '#web/test/axe.ts';
import { INTERNAL_ERROR } from '#web/test/builders.ts';
import { renderApp, type RecordedCall, type RouteTable } from '#web/test/render.tsx';
import { admin } from '../test-data.tsx';

configure({ asyncUtilTimeout: 5000 });

// jsdom has no blob: addresses: each document read gets one, and letting it go is recorded.
const created: Blob[] = [];
const revoked: string[] = [];
beforeEach(() => {
  created.length = 0;
  revoked.length = 0;
  URL.createObjectURL = vi.fn((b: Blob) => {
    created.push(b);
    return `blob:http://localhost/doc-${created.length}`;
  });
  URL.revokeObjectURL = vi.fn((u: string) => void revoked.push(u));
});
afterEach(() => vi.unstubAllGlobals());

function credential(overrides: Partial<AdminCredential> = {}): AdminCredential {
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
    documentType: 'image/png',
    documentBytes: 40_000,
    documentDeleted: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    reviewedAt: null,
    reviewComment: null,
    badgeActive: false,
    provider: { id: 'p1', name: 'Dana K.', email: 'dana@example.com', companyName: 'Bright Plumbing' },
    ...overrides,
  };
}

const insurancePdf = credential({
  id: 'c2',
  kind: 'insurance',
  state: null,
  number: null,
  trade: null,
  insurer: 'Acme Mutual',
  policyNumber: 'GL-889',
  coverageAmount: 1_000_000,
  documentType: 'application/pdf',
  provider: { id: 'p2', name: 'Lee M.', email: 'lee@example.com', companyName: null },
});

const pageOf = (items: AdminCredential[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

function openTab<T>(routes: RouteTable<T>) {
  return renderApp({ path: '/admin?tab=verifications', user: admin, routes });
}

const LICENSE = 'FL license #CGC1234567 of Dana K. (Bright Plumbing)';
const INSURANCE = 'Insurance policy GL-889 of Lee M.';

describe('Verifications tab', { timeout: 20_000 }, () => {
  it('lists the pending credentials with the provider, the details and the document beside them', async () => {
    const paths: string[] = [];
    openTab({
      'GET /api/admin/credentials': (c: RecordedCall) => {
        paths.push(c.path);
        return { body: pageOf([credential(), insurancePdf]) };
      },
      'GET /api/provider/credentials/c1/document': { body: 'png bytes' },
    });
    expect(await screen.findByRole('tab', { name: 'Verifications', selected: true })).toBeInTheDocument();
    const license = await screen.findByRole('listitem', { name: LICENSE });
    expect(paths[0]).toBe('/api/admin/credentials?status=pending&page=1');
    expect(screen.getByLabelText('Show')).toHaveValue('pending');
    expect(license).toHaveTextContent('Dana K. (Bright Plumbing) · dana@example.com');
    expect(license).toHaveTextContent('License number: CGC1234567');
    expect(license).toHaveTextContent('Trade: General contractor');
    expect(license).toHaveTextContent('Expires on: 2099-08-31');
    const img = await within(license).findByRole('img', {
      name: 'The document Dana K. (Bright Plumbing) uploaded for the FL license #CGC1234567',
    });
    expect(img).toHaveAttribute('src', 'blob:http://localhost/doc-1');
    // Typed as uploaded, whatever the answer's header says.
    expect(created[0]?.type).toBe('image/png');

    const insurance = screen.getByRole('listitem', { name: INSURANCE });
    expect(insurance).toHaveTextContent('Coverage: $1,000,000');
    expect(within(insurance).queryByRole('img')).toBeNull();
    expect(within(insurance).getByRole('link', { name: /Download the PDF/ })).toHaveAttribute(
      'href',
      '/api/provider/credentials/c2/document',
    );
    await expectNoAxeViolations();
  });

  it('says when an image document cannot be shown, and still offers the download', async () => {
    openTab({
      'GET /api/admin/credentials': { body: pageOf([credential()]) },
      'GET /api/provider/credentials/c1/document': {
        status: 404,
        body: { error: 'Not found', code: 'NOT_FOUND' },
      },
    });
    const card = await screen.findByRole('listitem', { name: LICENSE });
    expect(
      await within(card).findByText('The document could not be shown. Download it instead.'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('img')).toBeNull();
    expect(within(card).getByRole('link', { name: /Download the image/ })).toHaveAttribute(
      'href',
      '/api/provider/credentials/c1/document',
    );
    expect(created).toEqual([]);
  });

  it('approves after saying what the badge will read; the list refreshes and focus goes to the heading', async () => {
    let items = [credential()];
    const puts: RecordedCall[] = [];
    const { user } = openTab({
      'GET /api/admin/credentials': () => ({ body: pageOf(items) }),
      'GET /api/provider/credentials/c1/document': { body: 'png' },
      'PUT /api/admin/credentials/c1': (c) => {
        puts.push(c);
        items = [];
        return { body: credential({ status: 'approved', badgeActive: true }) };
      },
    });
    await user.click(await screen.findByRole('button', { name: `Approve the ${LICENSE}` }));
    const dialog = await screen.findByRole('dialog', { name: `Approve the ${LICENSE}?` });
    expect(dialog).toHaveTextContent(
      /Its badge will read: “Licensed: FL #CGC1234567, checked \d{4}-\d{2}-\d{2}, valid until 2099-08-31”/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Credential verified')).toBeInTheDocument();
    expect(puts.map((c) => c.body)).toEqual([{ status: 'approved', comment: '' }]);
    expect(await screen.findByText('No credentials waiting for review')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Verifications', level: 2 })).toHaveFocus(),
    );
    // The card left the screen: its blob: address was let go.
    expect(revoked).toContain('blob:http://localhost/doc-1');
  });

  it('requires a comment of 5 to 500 characters to deny, and sends it', async () => {
    const puts: RecordedCall[] = [];
    const { user } = openTab({
      'GET /api/admin/credentials': { body: pageOf([insurancePdf]) },
      'PUT /api/admin/credentials/c2': (c) => {
        puts.push(c);
        return {
          body: {
            ...insurancePdf,
            status: 'denied',
            reviewComment: 'The certificate is for another company',
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: `Deny the ${INSURANCE}` }));
    const dialog = await screen.findByRole('dialog', { name: `Deny the ${INSURANCE}?` });
    const comment = within(dialog).getByLabelText('Why it is not accepted');
    await user.type(comment, 'No');
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(comment).toHaveAccessibleDescription('Say why it is denied');
    expect(comment).toHaveFocus();
    expect(puts).toEqual([]);
    await expectNoAxeViolations();
    await user.type(comment, ': the certificate is for another company');
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('Credential not accepted')).toBeInTheDocument();
    expect(puts.map((c) => c.body)).toEqual([
      { status: 'denied', comment: 'No: the certificate is for another company' },
    ]);
  });

  it("shows the server's refusal of the comment at the field", async () => {
    const { user } = openTab({
      'GET /api/admin/credentials': { body: pageOf([insurancePdf]) },
      'PUT /api/admin/credentials/c2': {
        status: 400,
        body: {
          error: 'Say why it is denied',
          code: 'VALIDATION',
          fields: { comment: 'Say why it is denied' },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: `Deny the ${INSURANCE}` }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Why it is not accepted'), '     x    y   ');
    await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Why it is not accepted')).toHaveAccessibleDescription(
        'Say why it is denied',
      ),
    );
  });

  it('filters by status, says when there is nothing, and offers Try again after a failure', async () => {
    let fail = true;
    const { user } = openTab({
      'GET /api/admin/credentials': (c: RecordedCall) => {
        if (fail) return { status: 500, body: INTERNAL_ERROR };
        const status = new URL(c.path, 'http://x').searchParams.get('status');
        return {
          body: pageOf(
            status === 'denied'
              ? [
                  credential({
                    status: 'denied',
                    reviewComment: 'Blurry scan',
                    reviewedAt: '2026-11-21T10:00:00.000Z',
                    documentDeleted: true,
                  }),
                ]
              : [],
          ),
        };
      },
    });
    expect(await screen.findByText('Failed to load the credentials.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No credentials waiting for review')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'Not accepted');
    const card = await screen.findByRole('listitem', { name: LICENSE });
    expect(card).toHaveTextContent('Comment: Blurry scan');
    expect(card).toHaveTextContent('The document was deleted');
    expect(within(card).queryByRole('button', { name: /^Deny/ })).toBeNull();
    expect(within(card).getByRole('button', { name: `Approve the ${LICENSE}` })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
