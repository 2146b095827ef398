import { describe, expect, it } from 'vitest';
import {
  bidBadge,
  browserClass,
  formatAdminDate,
  formatCents,
  formatChatTime,
  responseTimeLabel,
  formatLastActive,
  formatMoney,
  formatTime,
  httpErrorText,
  initials,
  parseUnreadCount,
  publicName,
  selectedUsersText,
  senderLabel,
  showingUsersText,
  trafficSource,
} from './format.ts';

const now = new Date('2025-01-15T18:30:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('money', () => {
  it('formats dollars and cents as USD', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(Number.NaN)).toBe('$0.00');
    expect(formatCents(7827)).toBe('$78.27');
  });
});

describe('chat time (under 1 minute "Just now", under 60 minutes minutes ago, under a day the time, else date and time)', () => {
  it.each([
    [ago(0), 'Just now'],
    [ago(59_000), 'Just now'],
    [ago(60_000), '1 minute ago'],
    [ago(59 * 60_000), '59 minutes ago'],
    [ago(60 * 60_000), '12:30 PM'],
    [ago(23 * 3600_000), '2:30 PM'],
    [ago(25 * 3600_000), '01/14/2025 12:30 PM'],
    ['not a date', 'Just now'],
    [null, 'Just now'],
    [new Date(now.getTime() + 3600_000), 'Just now'],
  ])('%s -> %s (America/New_York)', (value, expected) => {
    expect(formatChatTime(value, now, 'America/New_York')).toBe(expected);
  });

  it('the time zone parameter decides the clock time', () => {
    expect(formatTime(now, 'UTC')).toBe('6:30 PM');
    expect(formatTime(new Date('2025-01-15T00:05:00Z'), 'UTC')).toBe('12:05 AM');
  });
});

describe('admin dates (MM/DD/YYYY hh:mm AM/PM)', () => {
  it('formats in the given zone with zero padding', () => {
    expect(formatAdminDate('2025-03-04T05:06:00Z', 'UTC')).toBe('03/04/2025 05:06 AM');
    expect(formatAdminDate('2025-03-04T17:06:00Z', 'America/Los_Angeles')).toBe('03/04/2025 09:06 AM');
    expect(formatAdminDate(null, 'UTC')).toBe('');
  });
  it('Last Active shows Never if missing', () => {
    expect(formatLastActive(undefined, 'UTC')).toBe('Never');
    expect(formatLastActive('2025-03-04T12:00:00Z', 'UTC')).toBe('03/04/2025 12:00 PM');
  });
});

describe('admin list texts', () => {
  it.each([
    [1, 10, 23, 'Showing 1 to 10 of 23 users'],
    [3, 10, 23, 'Showing 21 to 23 of 23 users'],
    [1, 10, 0, 'Showing 0 to 0 of 0 users'],
    [1, 10, 1, 'Showing 1 to 1 of 1 user'],
  ])('page %i size %i total %i', (page, size, total, text) => {
    expect(showingUsersText(page, size, total)).toBe(text);
  });
  it('the bulk bar counts in words: "1 user selected", "3 users selected"', () => {
    expect(selectedUsersText(1)).toBe('1 user selected');
    expect(selectedUsersText(3)).toBe('3 users selected');
  });
});

describe('small formatters', () => {
  it('error text: status, colon and space, then body or status text', () => {
    expect(httpErrorText(404, 'Not here', 'Not Found')).toBe('404: Not here');
    expect(httpErrorText(500, '  ', 'Internal Server Error')).toBe('500: Internal Server Error');
  });
  it('unread count is a string or a number', () => {
    expect(parseUnreadCount('4')).toBe(4);
    expect(parseUnreadCount(2)).toBe(2);
    expect(parseUnreadCount('x')).toBe(0);
    expect(parseUnreadCount(null)).toBe(0);
    expect(parseUnreadCount(-3)).toBe(0);
  });
  it('public name: first name and last initial, or the first name alone', () => {
    expect(publicName('Jane', 'Doe')).toBe('Jane D.');
    expect(publicName('Jane', '  doe ')).toBe('Jane d.');
    expect(publicName('Jane', ' ')).toBe('Jane');
    expect(publicName('', '')).toBe('');
  });
  it('initials for the user menu', () => {
    expect(initials('john', 'doe')).toBe('JD');
    expect(initials(null, undefined)).toBe('?');
  });
  it('sender label: You, first name or Other User, plus (Customer) / (Service Provider)', () => {
    expect(senderLabel({ senderId: 'a' }, 'a', 'customer')).toBe('You');
    expect(senderLabel({ senderId: 'b', senderFirstName: 'Ann' }, 'a', 'customer')).toBe('Ann (Customer)');
    expect(senderLabel({ senderId: 'b', senderFirstName: ' ' }, 'a', 'provider')).toBe(
      'Other User (Service Provider)',
    );
    expect(senderLabel({ senderId: 'b', senderFirstName: 'Bo' }, 'a')).toBe('Bo');
  });
  it('"N Bids" badge when posted with bids', () => {
    expect(bidBadge('posted', 2)).toBe('2 Bids');
    expect(bidBadge('posted', 0)).toBeNull();
    expect(bidBadge('draft', 3)).toBeNull();
    expect(bidBadge('posted', null)).toBeNull();
  });
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'Chrome'],
    ['Mozilla/5.0 (Windows NT 10.0) Chrome/120 Safari/537.36 Edg/120', 'Edge'],
    ['Mozilla/5.0 (X11; Linux) Gecko/20100101 Firefox/121.0', 'Firefox'],
    ['Mozilla/5.0 (Macintosh) AppleWebKit/605 Version/17 Safari/605.1.15', 'Safari'],
    ['Mozilla/5.0 HeadlessChrome/120', 'Test'],
    ['', 'Other'],
    [null, 'Other'],
  ])('browser class of %j is %s', (ua, cls) => {
    expect(browserClass(ua)).toBe(cls);
  });
  it('traffic source: Direct without a referer', () => {
    expect(trafficSource(null)).toBe('Direct');
    expect(trafficSource('not a url')).toBe('Direct');
    expect(trafficSource('https://www.google.com/search?q=x')).toBe('www.google.com');
  });
});

describe('responseTimeLabel', () => {
  it.each([
    [0, 'Usually replies within 1 minute'],
    [61, 'Usually replies within 2 minutes'],
    [59 * 60, 'Usually replies within 59 minutes'],
    [60 * 60, 'Usually replies within 1 hour'],
    [60 * 60 + 1, 'Usually replies within 2 hours'],
    [47 * 3600, 'Usually replies within 47 hours'],
    [48 * 3600, 'Usually replies within 2 days'],
    [5 * 86400 + 1, 'Usually replies within 6 days'],
  ])('%i s reads "%s"', (seconds, text) => {
    expect(responseTimeLabel(seconds)).toBe(text);
  });
});
