import { afterEach, describe, expect, it } from 'vitest';
import { countsAsNoShow } from './reputation.ts';
import {
  canCancel,
  canDispute,
  canRecordNoShow,
  formatVisitSlot,
  formatVisitTime,
  instantToWallTime,
  jobTimeZone,
  slotProblems,
  wallTimeToInstant,
} from './site-visits.ts';

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('formatVisitTime', () => {
  it('shows the instant in the job’s zone with the zone’s name', () => {
    expect(formatVisitTime('2025-12-02T14:00:00Z', 'America/New_York')).toBe('Tue Dec 2, 9:00 AM EST');
    expect(formatVisitTime('2025-12-02T14:00:00Z', 'America/Los_Angeles')).toBe('Tue Dec 2, 6:00 AM PST');
    expect(formatVisitTime('2026-07-02T16:30:00Z', 'America/Chicago')).toBe('Thu Jul 2, 11:30 AM CDT');
    expect(formatVisitTime('2026-07-02T16:30:00Z', 'America/Phoenix')).toBe('Thu Jul 2, 9:30 AM MST');
    expect(formatVisitTime('2026-07-02T23:30:00Z', 'Pacific/Honolulu')).toBe('Thu Jul 2, 1:30 PM HST');
  });

  it('shows nothing for a time that is not one, and a zone it does not know as New York’s', () => {
    expect(formatVisitTime('not a time', 'America/New_York')).toBe('');
    expect(formatVisitTime(new Date('2025-12-02T14:00:00Z'), 'Mars/Olympus')).toBe('Tue Dec 2, 9:00 AM EST');
  });

  it('does not depend on the process’s time zone: the same text under Tokyo and Honolulu', () => {
    const at = '2025-12-02T03:30:00Z'; // 10:30 PM on Dec 1 in New York; Dec 2 in Tokyo
    process.env.TZ = 'Asia/Tokyo';
    expect(new Date(at).getDate()).toBe(2); // the process really is in Tokyo now
    const inTokyo = formatVisitTime(at, 'America/New_York');
    process.env.TZ = 'Pacific/Honolulu';
    expect(new Date(at).getDate()).toBe(1);
    const inHonolulu = formatVisitTime(at, 'America/New_York');
    expect(inTokyo).toBe('Mon Dec 1, 10:30 PM EST');
    expect(inHonolulu).toBe(inTokyo);
    expect(formatVisitSlot({ start: at, minutes: 90 }, 'America/New_York')).toBe(
      'Mon Dec 1, 10:30 PM EST (1 h 30 min)',
    );
  });

  it('a datetime-local value is read in the job’s zone, whatever the process’s', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(wallTimeToInstant('2025-12-02T09:00', 'America/New_York')?.toISOString()).toBe(
      '2025-12-02T14:00:00.000Z',
    );
    expect(wallTimeToInstant('2026-07-02T09:00', 'America/Denver')?.toISOString()).toBe(
      '2026-07-02T15:00:00.000Z',
    );
    expect(instantToWallTime('2025-12-02T14:00:00Z', 'America/New_York')).toBe('2025-12-02T09:00');
    expect(wallTimeToInstant('2025-02-30T09:00', 'America/New_York')).toBeNull();
    expect(wallTimeToInstant('', 'America/New_York')).toBeNull();
  });
});

describe('jobTimeZone', () => {
  it('from the ZIP code, else the state, else the region’s state, else the default', () => {
    expect(jobTimeZone({ zipCode: '98101', state: 'NY', regionLabel: 'Austin, TX' })).toBe(
      'America/Los_Angeles',
    );
    expect(jobTimeZone({ zipCode: '', state: 'CO', regionLabel: 'Austin, TX' })).toBe('America/Denver');
    expect(jobTimeZone({ zipCode: null, state: '', regionLabel: 'Phoenix, AZ' })).toBe('America/Phoenix');
    expect(jobTimeZone({ zipCode: null, state: null, regionLabel: 'Somewhere' })).toBe('America/New_York');
  });
});

describe('slotProblems', () => {
  const now = new Date('2026-01-10T12:00:00Z');
  const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
  it('accepts 1 to 3 slots of 30 to 240 minutes, in the future and within 60 days (the edges in)', () => {
    expect(slotProblems([{ start: at(1), minutes: 30 }], now)).toEqual({});
    expect(slotProblems([{ start: at(60 * 24), minutes: 240 }], now)).toEqual({});
    expect(
      slotProblems(
        [1, 2, 3].map((h) => ({ start: at(h), minutes: 60 })),
        now,
      ),
    ).toEqual({});
  });
  it('names each field that is wrong', () => {
    expect(slotProblems([], now)).toEqual({ slots: 'Propose 1 to 3 time slots' });
    expect(
      slotProblems(
        [
          { start: at(0), minutes: 60 },
          { start: at(60 * 24 + 1), minutes: 29 },
        ],
        now,
      ),
    ).toEqual({
      'slots.0.start': 'A visit must start in the future',
      'slots.1.start': 'A visit must start within the next 60 days',
      'slots.1.minutes': 'A visit lasts 30 to 240 minutes',
    });
  });
});

describe('the visit’s moves', () => {
  const ended = { status: 'confirmed' as const, endsAt: '2026-01-10T12:00:00Z', noShow: null };
  it('a no-show only after a confirmed visit ended, once; disputed by the party named, once', () => {
    expect(canRecordNoShow(ended, new Date('2026-01-10T11:59:59Z'))).toBe(false);
    expect(canRecordNoShow(ended, new Date('2026-01-10T12:00:00Z'))).toBe(true);
    expect(canRecordNoShow({ ...ended, status: 'proposed', endsAt: null }, new Date('2027-01-01'))).toBe(
      false,
    );
    const recorded = { ...ended, noShow: { party: 'provider' as const, disputed: false } };
    expect(canRecordNoShow(recorded, new Date('2027-01-01'))).toBe(false);
    expect(canDispute(recorded, 'provider')).toBe(true);
    expect(canDispute(recorded, 'customer')).toBe(false);
    expect(canDispute({ ...ended, noShow: { party: 'provider', disputed: true } }, 'provider')).toBe(false);
    expect(canCancel({ ...ended, status: 'declined' })).toBe(false);
  });
  it('an undisputed no-show of the provider counts against them for a year', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const recordedAt = new Date('2026-01-01T00:00:00Z');
    expect(countsAsNoShow({ party: 'provider', recordedAt, disputed: false }, now)).toBe(true);
    expect(countsAsNoShow({ party: 'provider', recordedAt, disputed: true }, now)).toBe(false);
    expect(countsAsNoShow({ party: 'customer', recordedAt, disputed: false }, now)).toBe(false);
    expect(countsAsNoShow({ party: 'provider', recordedAt, disputed: false }, new Date('2027-02-01'))).toBe(
      false,
    );
  });
});
