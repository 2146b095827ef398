// A person's time zone from their ZIP code (decision 0043), for the daily digest at 8:00 their time. US ZIP codes
// are handed out by area: the first three digits (the sectional centre) name a state, and the state its zone. A few
// states span two zones: where a whole prefix lies in the other zone (the Florida panhandle west of the
// Apalachicola, West Texas at El Paso, western Kentucky and Tennessee, the Dakotas' and Nebraska's west, northern
// Idaho) it is listed so; a county split inside one prefix takes the zone of most of its people. Arizona keeps
// standard time all year (America/Phoenix). Military (APO/FPO) prefixes and unknown ones have no zone: the caller
// falls back to DEFAULT_TIME_ZONE.
import { DAY_MS, timeZoneOffsetMs, zonedWallTime } from './dates.ts';

/** [first prefix, last prefix, IANA zone], ascending and not overlapping. */
const ranges: readonly (readonly [number, number, string])[] = [
  [5, 5, 'America/New_York'], // Holtsville NY (IRS)
  [6, 7, 'America/Puerto_Rico'],
  [8, 8, 'America/St_Thomas'], // US Virgin Islands
  [9, 9, 'America/Puerto_Rico'],
  [10, 89, 'America/New_York'], // New England, New Jersey
  [100, 149, 'America/New_York'], // New York
  [150, 196, 'America/New_York'], // Pennsylvania
  [197, 199, 'America/New_York'], // Delaware
  [200, 219, 'America/New_York'], // DC, Maryland
  [220, 268, 'America/New_York'], // Virginia, West Virginia
  [270, 299, 'America/New_York'], // the Carolinas
  [300, 319, 'America/New_York'], // Georgia
  [320, 323, 'America/New_York'], // Florida
  [324, 325, 'America/Chicago'], // the Florida panhandle (Panama City, Pensacola)
  [326, 349, 'America/New_York'],
  [350, 369, 'America/Chicago'], // Alabama
  [370, 372, 'America/Chicago'], // Middle Tennessee (Nashville)
  [373, 379, 'America/New_York'], // East Tennessee (Chattanooga, Knoxville)
  [380, 385, 'America/Chicago'], // West Tennessee (Memphis)
  [386, 397, 'America/Chicago'], // Mississippi
  [398, 399, 'America/New_York'], // Georgia (Albany)
  [400, 418, 'America/New_York'], // Kentucky (Louisville, Lexington)
  [420, 427, 'America/Chicago'], // western Kentucky
  [430, 459, 'America/New_York'], // Ohio
  [460, 479, 'America/Indiana/Indianapolis'],
  [480, 499, 'America/Detroit'],
  [500, 528, 'America/Chicago'], // Iowa
  [530, 549, 'America/Chicago'], // Wisconsin
  [550, 567, 'America/Chicago'], // Minnesota
  [569, 569, 'America/New_York'], // DC
  [570, 576, 'America/Chicago'], // South Dakota
  [577, 577, 'America/Denver'], // western South Dakota (Rapid City)
  [580, 588, 'America/Chicago'], // North Dakota
  [590, 599, 'America/Denver'], // Montana
  [600, 629, 'America/Chicago'], // Illinois
  [630, 658, 'America/Chicago'], // Missouri
  [660, 679, 'America/Chicago'], // Kansas
  [680, 689, 'America/Chicago'], // Nebraska
  [690, 693, 'America/Denver'], // western Nebraska
  [700, 714, 'America/Chicago'], // Louisiana
  [716, 729, 'America/Chicago'], // Arkansas
  [730, 749, 'America/Chicago'], // Oklahoma
  [750, 797, 'America/Chicago'], // Texas
  [798, 799, 'America/Denver'], // El Paso
  [800, 816, 'America/Denver'], // Colorado
  [820, 831, 'America/Denver'], // Wyoming
  [832, 837, 'America/Boise'], // southern Idaho
  [838, 838, 'America/Los_Angeles'], // northern Idaho
  [840, 847, 'America/Denver'], // Utah
  [850, 865, 'America/Phoenix'], // Arizona: no daylight saving time
  [870, 884, 'America/Denver'], // New Mexico
  [885, 885, 'America/Denver'], // El Paso
  [889, 898, 'America/Los_Angeles'], // Nevada
  [900, 961, 'America/Los_Angeles'], // California
  [967, 968, 'Pacific/Honolulu'],
  [969, 969, 'Pacific/Guam'],
  [970, 979, 'America/Los_Angeles'], // Oregon
  [980, 994, 'America/Los_Angeles'], // Washington
  [995, 999, 'America/Anchorage'],
];

/** The IANA time zone of a US ZIP code (5 digits, or ZIP+4), or null when it is unknown or not a ZIP code. */
export function timeZoneOfZip(zip: string | null | undefined): string | null {
  const m = /^\s*(\d{3})\d{2}(?:-?\d{4})?\s*$/.exec(zip ?? '');
  if (!m) return null;
  const prefix = Number(m[1]);
  for (const [from, to, zone] of ranges) {
    if (prefix < from) return null;
    if (prefix <= to) return zone;
  }
  return null;
}

/** The next `hour`:00 in `timeZone` strictly after `at` (the daily digest's due time). */
export function nextLocalHour(at: Date, timeZone: string, hour: number): Date {
  const local = new Date(at.getTime() + timeZoneOffsetMs(at, timeZone));
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour);
  const candidate = zonedWallTime(today, timeZone);
  if (candidate.getTime() > at.getTime()) return candidate;
  return zonedWallTime(today + DAY_MS, timeZone);
}
