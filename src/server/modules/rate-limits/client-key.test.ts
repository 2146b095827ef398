// clientKey: the address every rate limit counts by (IPv6 by its /64, IPv4-mapped IPv6 as IPv4).
import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('clientKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts IPv4-mapped IPv6 as the IPv4 address, in any spelling', () => {
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::FFFF:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('0:0:0:0:0:ffff:cb00:7109')).toBe('203.0.113.9');
    expect(clientKey('::ffff:cb00:7109')).toBe('203.0.113.9');
  });

  it('groups IPv6 addresses by their /64, whatever the spelling', () => {
    const key = '2001:db8:1:2::/64';
    expect(clientKey('2001:db8:1:2::1')).toBe(key);
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:0DB8:0001:0002:0000:0000:0000:0abc')).toBe(key);
    expect(clientKey('2001:db8:1:2:a::b')).toBe(key);
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });

  it('handles the short forms, zone ids and embedded IPv4 of other prefixes', () => {
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
    expect(clientKey('1:2:3:4:5:6:7::')).toBe('1:2:3:4::/64');
  });

  it('keeps anything that is not an address as its own key', () => {
    expect(clientKey('Unknown')).toBe('unknown');
    expect(clientKey('')).toBe('');
  });
});
