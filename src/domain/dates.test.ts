import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysUntil,
  iso,
  monthStart,
  nextMonthStart,
  timeZoneOffsetMs,
  toDate,
  zonedDayEnd,
  zonedDayStart,
} from './dates.ts';

describe('date helpers', () => {
  it('toDate accepts Date, ISO string and epoch; rejects missing and invalid', () => {
    expect(toDate('2025-01-01T00:00:00Z')?.getTime()).toBe(Date.UTC(2025, 0, 1));
    expect(toDate(0)?.getTime()).toBe(0);
    const d = new Date();
    expect(toDate(d)).not.toBe(d);
    expect(toDate(null)).toBeNull();
    expect(toDate('')).toBeNull();
    expect(toDate('nope')).toBeNull();
  });
  it('addDays and daysUntil', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(addDays(now, 7).toISOString()).toBe('2025-01-08T00:00:00.000Z');
    expect(daysUntil(addDays(now, 1.1), now)).toBe(2);
    expect(daysUntil(addDays(now, -1), now)).toBe(0);
  });
  it('calendar month boundaries in UTC', () => {
    const late = new Date('2025-12-31T23:59:59.999Z');
    expect(monthStart(late).toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(nextMonthStart(late).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(monthStart(new Date('2025-03-01T00:00:00Z')).toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });
  it('iso: ISO 8601 in UTC, or null', () => {
    expect(iso(new Date(Date.UTC(2025, 0, 2, 3, 4, 5)))).toBe('2025-01-02T03:04:05.000Z');
    expect(iso(null)).toBeNull();
  });
  it('zoned day boundaries, including a DST day', () => {
    expect(timeZoneOffsetMs(new Date('2025-01-01T12:00:00Z'), 'America/New_York')).toBe(-5 * 3600_000);
    expect(zonedDayStart('2025-01-15', 'UTC').toISOString()).toBe('2025-01-15T00:00:00.000Z');
    expect(zonedDayStart('2025-01-15', 'America/New_York').toISOString()).toBe('2025-01-15T05:00:00.000Z');
    expect(zonedDayEnd('2025-01-31', 'America/New_York').toISOString()).toBe('2025-02-01T05:00:00.000Z');
    expect(zonedDayEnd('2025-03-09', 'America/New_York').toISOString()).toBe('2025-03-10T04:00:00.000Z');
    expect(zonedDayStart('2025-06-01', 'Asia/Tokyo').toISOString()).toBe('2025-05-31T15:00:00.000Z');
  });
});
