import { describe, expect, it } from 'vitest';
import {
  credentialDecisionSchema,
  credentialFieldsSchema,
  directoryQuerySchema,
  portfolioCaptionSchema,
} from './pro-profile.schema.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('a credential upload', () => {
  it('takes a license by its state, number, trade and expiry', () => {
    const r = credentialFieldsSchema.safeParse({
      kind: 'license',
      state: 'fl',
      number: ' CGC1234567 ',
      trade: 'General contractor',
      expiresOn: '2027-08-31',
    });
    expect(r.success && r.data).toEqual({
      kind: 'license',
      state: 'FL',
      number: 'CGC1234567',
      trade: 'General contractor',
      expiresOn: '2027-08-31',
    });
  });

  it('takes insurance by its insurer, policy, coverage in whole dollars (as a form sends it) and expiry', () => {
    const r = credentialFieldsSchema.safeParse({
      kind: 'insurance',
      insurer: 'Acme Mutual',
      policyNumber: 'GL-99',
      coverageAmount: '1000000',
      expiresOn: '2027-01-15',
    });
    expect(r.success && r.data.kind === 'insurance' && r.data.coverageAmount).toBe(1_000_000);
  });

  it('says what is wrong, field by field', () => {
    expect(
      messages(
        credentialFieldsSchema.safeParse({
          kind: 'license',
          state: 'Florida',
          number: '',
          trade: 'Roofing',
          expiresOn: '2027-02-30',
        }),
      ),
    ).toEqual({
      state: 'Use the two-letter state code, such as FL',
      number: 'The license number is required',
      expiresOn: 'Not a valid date',
    });
    expect(
      messages(
        credentialFieldsSchema.safeParse({
          kind: 'insurance',
          insurer: 'Acme',
          policyNumber: 'GL-99',
          coverageAmount: '1000.50',
          expiresOn: '2027-01-15',
        }),
      ),
    ).toEqual({ coverageAmount: 'Enter whole dollars' });
    expect(credentialFieldsSchema.safeParse({ kind: 'passport' }).success).toBe(false);
  });
});

describe("a moderator's verdict", () => {
  it('approves without a comment and denies only with one', () => {
    expect(credentialDecisionSchema.parse({ status: 'approved' })).toEqual({
      status: 'approved',
      comment: '',
    });
    expect(messages(credentialDecisionSchema.safeParse({ status: 'denied', comment: ' ' }))).toEqual({
      comment: 'Say why it is denied',
    });
    expect(credentialDecisionSchema.safeParse({ status: 'pending', comment: 'x' }).success).toBe(false);
  });
});

describe('the directory query and a caption', () => {
  it('reads the filters from a query string, ranking first by default', () => {
    expect(directoryQuerySchema.parse({ minRating: '4', verified: 'true', page: '2' })).toEqual({
      minRating: 4,
      verified: true,
      sort: 'ranking',
      page: 2,
      pageSize: 20,
    });
    expect(directoryQuerySchema.safeParse({ sort: 'paid' }).success).toBe(false);
    expect(directoryQuerySchema.safeParse({ minRating: '6' }).success).toBe(false);
  });

  it('keeps a caption to 140 characters', () => {
    expect(portfolioCaptionSchema.safeParse('x'.repeat(140)).success).toBe(true);
    expect(portfolioCaptionSchema.safeParse('x'.repeat(141)).success).toBe(false);
  });
});
