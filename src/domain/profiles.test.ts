import { describe, expect, it } from 'vitest';
import {
  badgeActive,
  badgeText,
  credentialReminderDates,
  parseProSegment,
  proPath,
  proSlug,
  type Badge,
} from './profiles.ts';

const ID = '3f2a7c1e-9b4d-4e8f-a1c2-5d6e7f8a9b0c';

describe('the address of a pro page', () => {
  it('is the company name as a slug, or the first name and last initial without one', () => {
    expect(proSlug({ companyName: 'Sam & Sons Builders, LLC', firstName: 'Sam', lastName: 'Ruiz' })).toBe(
      'sam-sons-builders-llc',
    );
    expect(proSlug({ companyName: null, firstName: 'Petra', lastName: 'Thread' })).toBe('petra-t');
    expect(proSlug({ companyName: '  ', firstName: 'Petra', lastName: 'Thread' })).toBe('petra-t');
    // Nothing left of a name in other scripts: still an address.
    expect(proSlug({ companyName: '大工', firstName: '太郎', lastName: '山' })).toBe('pro');
    expect(proPath(ID, 'petra-t')).toBe(`/pros/${ID}-petra-t`);
  });

  it('reads the id and the slug back from the last segment, with or without a slug', () => {
    expect(parseProSegment(`${ID}-petra-t`)).toEqual({ id: ID, slug: 'petra-t' });
    expect(parseProSegment(ID.toUpperCase())).toEqual({ id: ID, slug: null });
    expect(parseProSegment('petra-t')).toBeNull();
    expect(parseProSegment(`${ID.slice(0, 30)}-x`)).toBeNull();
  });
});

describe('a badge', () => {
  const license: Badge = {
    kind: 'license',
    state: 'FL',
    number: 'CGC1234567',
    trade: 'General contractor',
    coverageAmount: null,
    expiresOn: '2027-08-31',
    verifiedAt: '2026-11-26T14:03:00.000Z',
  };

  it('says what was checked, when, and until when', () => {
    expect(badgeText(license)).toBe('Licensed: FL #CGC1234567, checked 2026-11-26, valid until 2027-08-31');
    expect(
      badgeText({
        ...license,
        kind: 'insurance',
        state: null,
        number: null,
        trade: null,
        coverageAmount: 1_000_000,
      }),
    ).toBe('Insured: $1,000,000 general liability, checked 2026-11-26, valid until 2027-08-31');
  });

  it('shows only when approved, through its expiry day, and lapses the day after by itself', () => {
    expect(badgeActive({ status: 'approved', expiresOn: '2027-08-31' }, '2027-08-31')).toBe(true);
    expect(badgeActive({ status: 'approved', expiresOn: '2027-08-31' }, '2027-09-01')).toBe(false);
    expect(badgeActive({ status: 'pending', expiresOn: '2027-08-31' }, '2026-11-26')).toBe(false);
    expect(badgeActive({ status: 'denied', expiresOn: '2027-08-31' }, '2026-11-26')).toBe(false);
  });

  it('is reminded 30 and 7 days before it expires', () => {
    expect(credentialReminderDates('2027-03-01')).toEqual(['2027-01-30', '2027-02-22']);
  });
});
