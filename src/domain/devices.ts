// The device label on "Where you're signed in" (decision 0025): browser and operating system read from the
// User-Agent a session signed in with. Coarse on purpose: a few well-known names by simple tests, in an order that
// copes with browsers naming each other (Edge and Opera say Chrome; Chrome says Safari; iPadOS can say Macintosh).

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

export interface Device {
  /** "Chrome", "Safari"...; null when the User-Agent names none of the known ones. */
  browser: string | null;
  /** "Windows", "iPhone"...; null when unknown. */
  os: string | null;
  /** "Chrome on Windows", "Safari", "Unknown device". */
  label: string;
}

const first = (ua: string, table: [RegExp, string][]) => table.find(([re]) => re.test(ua))?.[1] ?? null;

/** The browser and system of a User-Agent, and the label the list shows. */
export function deviceOf(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? '';
  const browser = first(ua, BROWSERS);
  const os = first(ua, SYSTEMS);
  const label = browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'Unknown device');
  return { browser, os, label };
}
