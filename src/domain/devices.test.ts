import { describe, expect, it } from 'vitest';
import { deviceOf } from './devices.ts';

const WIN_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const cases: [string, string][] = [
  [WIN_CHROME, 'Chrome on Windows'],
  [`${WIN_CHROME} Edg/131.0.0.0`, 'Edge on Windows'],
  [`${WIN_CHROME} OPR/114.0.0.0`, 'Opera on Windows'],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Safari on iPhone',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
    'Chrome on iPhone',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    'Safari on macOS',
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Linux'],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    'Chrome on Android',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0 Mobile Safari/537.36',
    'Samsung Internet on Android',
  ],
  [
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    'Chrome on ChromeOS',
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1',
    'Safari on iPad',
  ],
  ['curl/8.5.0', 'Unknown device'],
  ['', 'Unknown device'],
];

describe('deviceOf', () => {
  it.each(cases)('names %s as %s', (ua, label) => {
    expect(deviceOf(ua).label).toBe(label);
  });

  it('names what it knows when only one half is known, and copes with no User-Agent at all', () => {
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0) SomeBrowser/1')).toEqual({
      browser: null,
      os: 'Windows',
      label: 'Windows',
    });
    expect(deviceOf(null)).toEqual({ browser: null, os: null, label: 'Unknown device' });
  });
});
