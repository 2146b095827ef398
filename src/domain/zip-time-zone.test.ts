import { describe, expect, it } from 'vitest';
import { nextLocalHour, timeZoneOfZip } from './zip-time-zone.ts';

describe('timeZoneOfZip', () => {
  it.each([
    ['10001', 'America/New_York'], // Manhattan
    ['02108', 'America/New_York'], // Boston
    ['60601', 'America/Chicago'], // Chicago
    ['75201', 'America/Chicago'], // Dallas
    ['79901', 'America/Denver'], // El Paso
    ['80202', 'America/Denver'], // Denver
    ['85004', 'America/Phoenix'], // Phoenix: no DST
    ['90210', 'America/Los_Angeles'],
    ['98101', 'America/Los_Angeles'], // Seattle
    ['96813', 'Pacific/Honolulu'],
    ['99501', 'America/Anchorage'],
    ['00901', 'America/Puerto_Rico'], // San Juan
    ['32501', 'America/Chicago'], // Pensacola
    ['33101', 'America/New_York'], // Miami
    ['37201', 'America/Chicago'], // Nashville
    ['37902', 'America/New_York'], // Knoxville
    ['46204', 'America/Indiana/Indianapolis'],
    ['48226', 'America/Detroit'],
    ['83702', 'America/Boise'],
    ['12345-6789', 'America/New_York'],
  ])('%s is in %s', (zip, zone) => {
    expect(timeZoneOfZip(zip)).toBe(zone);
  });

  it('has no zone for military, unused or malformed codes', () => {
    for (const zip of ['09001', '96201', '00100', '1234', 'abcde', '', null, undefined, '123456']) {
      expect(timeZoneOfZip(zip)).toBeNull();
    }
  });

  it('every zone it names is one the runtime knows', () => {
    for (let p = 0; p < 1000; p++) {
      const zone = timeZoneOfZip(`${String(p).padStart(3, '0')}00`);
      if (zone) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
  });
});

describe('nextLocalHour', () => {
  it('is 8:00 the same day when it is still before 8 there, else the next day', () => {
    // 11:00 UTC on 10 Jan = 06:00 in New York (EST, UTC-5): today at 13:00 UTC.
    expect(nextLocalHour(new Date('2026-01-10T11:00:00Z'), 'America/New_York', 8).toISOString()).toBe(
      '2026-01-10T13:00:00.000Z',
    );
    // 13:00 UTC exactly is 8:00 there: the next one is tomorrow.
    expect(nextLocalHour(new Date('2026-01-10T13:00:00Z'), 'America/New_York', 8).toISOString()).toBe(
      '2026-01-11T13:00:00.000Z',
    );
    // Summer (EDT, UTC-4).
    expect(nextLocalHour(new Date('2026-07-01T20:00:00Z'), 'America/New_York', 8).toISOString()).toBe(
      '2026-07-02T12:00:00.000Z',
    );
  });

  it('follows daylight saving time: the morning after the spring change is an hour earlier in UTC', () => {
    // DST starts on 8 March 2026 at 2:00 in the US.
    expect(nextLocalHour(new Date('2026-03-08T03:00:00Z'), 'America/Chicago', 8).toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    expect(nextLocalHour(new Date('2026-03-07T03:00:00Z'), 'America/Chicago', 8).toISOString()).toBe(
      '2026-03-07T14:00:00.000Z',
    );
  });

  it('Phoenix keeps UTC-7 all year; Honolulu UTC-10; a day ahead of UTC works too', () => {
    expect(nextLocalHour(new Date('2026-07-01T00:00:00Z'), 'America/Phoenix', 8).toISOString()).toBe(
      '2026-07-01T15:00:00.000Z',
    );
    expect(nextLocalHour(new Date('2026-07-01T00:00:00Z'), 'Pacific/Honolulu', 8).toISOString()).toBe(
      '2026-07-01T18:00:00.000Z',
    );
    // 23:00 UTC on 30 June is 09:00 on 1 July in Guam (UTC+10): the next 8:00 there is 2 July, 22:00 UTC on 1 July.
    expect(nextLocalHour(new Date('2026-06-30T23:00:00Z'), 'Pacific/Guam', 8).toISOString()).toBe(
      '2026-07-01T22:00:00.000Z',
    );
  });
});
