// Generates reference-data/zip-codes/zip-codes.tsv, the US ZIP code centroids the server loads (decision 0048).
// Run: npm run build:zips
//
// Source: the npm package `zipcodes` (its US rows: ZIP, latitude, longitude, city, state). The package has no time
// zone, so each centroid's IANA zone is looked up here, once, with `@photostructure/tz-lookup`. A centroid near a
// border can fall in the zone across it (Canada's or Mexico's, some with other clocks: Atlantic time in Maine, no
// daylight saving in North Dakota); a zone that is not one of the United States' is replaced by the ZIP code
// prefix's (src/domain/zip-time-zone.ts). Left out: military mail (states AA, AE, AP: no place to measure from)
// and rows at 0,0 (no known centroid); a longitude with its sign lost (east of Greenwich in a mainland state) is
// put back west. Both packages are devDependencies: only the generated file is read at run time.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tzLookup from '@photostructure/tz-lookup';
import { timeZoneOfState } from '#domain/site-visits';
import { timeZoneOfZip } from '#domain/zip-time-zone';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const zipcodes = require('zipcodes') as {
  codes: Record<
    string,
    { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }
  >;
};
const pkg = (name: string) =>
  JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
    license: string;
  };

const MILITARY = new Set(['AA', 'AE', 'AP']);
const rows = Object.values(zipcodes.codes)
  .filter((c) => c.country === 'US' && /^\d{5}$/.test(c.zip) && !MILITARY.has(c.state))
  .filter((c) => Number.isFinite(c.latitude) && Number.isFinite(c.longitude))
  .filter((c) => !(c.latitude === 0 && c.longitude === 0))
  .sort((a, b) => a.zip.localeCompare(b.zip));

/** The zones of the United States, its territories and the freely associated states with US ZIP codes (tzdata's
 * zone1970.tab rows for US, PR, VI, GU, MP, AS, UM, PW, FM and MH). */
const US_ZONES = new Set([
  'America/New_York',
  'America/Detroit',
  'America/Kentucky/Louisville',
  'America/Kentucky/Monticello',
  'America/Indiana/Indianapolis',
  'America/Indiana/Vincennes',
  'America/Indiana/Winamac',
  'America/Indiana/Marengo',
  'America/Indiana/Petersburg',
  'America/Indiana/Vevay',
  'America/Chicago',
  'America/Indiana/Tell_City',
  'America/Indiana/Knox',
  'America/Menominee',
  'America/North_Dakota/Center',
  'America/North_Dakota/New_Salem',
  'America/North_Dakota/Beulah',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'America/Juneau',
  'America/Sitka',
  'America/Metlakatla',
  'America/Yakutat',
  'America/Nome',
  'America/Adak',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'America/St_Thomas',
  'Pacific/Guam',
  'Pacific/Saipan',
  'Pacific/Pago_Pago',
  'Pacific/Wake',
  'Pacific/Midway',
  'Pacific/Palau',
  'Pacific/Chuuk',
  'Pacific/Pohnpei',
  'Pacific/Kosrae',
  'Pacific/Majuro',
  'Pacific/Kwajalein',
]);
/** A territory whose ZIP code prefix is another's (96799, American Samoa, shares 967 with Hawaii). */
const TERRITORY_ZONES: Record<string, string> = { AS: 'Pacific/Pago_Pago' };
/** States and territories east of Greenwich or across the date line: their positive longitudes are real. */
const EAST = new Set(['AK', 'HI', 'GU', 'MP', 'PW', 'FM', 'MH', 'AS']);

const clean = (s: string) => s.replace(/[\t\r\n]/g, ' ').trim();
const lines = ['zip\tlat\tlng\tcity\tstate\ttime_zone'];
let replaced = 0;
let flipped = 0;
for (const c of rows) {
  let lng = c.longitude;
  if (lng > 0 && !EAST.has(c.state)) {
    lng = -lng;
    flipped++;
  }
  const found = tzLookup(c.latitude, lng);
  const zone = US_ZONES.has(found)
    ? found
    : (TERRITORY_ZONES[c.state] ?? timeZoneOfZip(c.zip) ?? timeZoneOfState(c.state) ?? found);
  if (zone !== found) replaced++;
  lines.push([c.zip, c.latitude.toFixed(4), lng.toFixed(4), clean(c.city), c.state, zone].join('\t'));
}
const out = join(root, 'reference-data', 'zip-codes', 'zip-codes.tsv');
writeFileSync(out, lines.join('\n') + '\n');

const z = pkg('zipcodes');
const t = pkg('@photostructure/tz-lookup');
writeFileSync(
  join(root, 'reference-data', 'zip-codes', 'SOURCE.md'),
  `# US ZIP code centroids

- zip-codes.tsv: one US ZIP code a line: zip, latitude, longitude (degrees, 4 decimals), city, state, IANA time zone.
- ${rows.length} ZIP codes. Military mail (AA, AE, AP) and rows without a centroid (0, 0) are left out.
- Places: npm package \`zipcodes\` ${z.version} (licence ${z.license}), its US rows.
- Time zones: looked up from each centroid with npm package \`@photostructure/tz-lookup\` ${t.version} (licence ${t.license}); the ${replaced} that fell in a zone outside the United States (a centroid near the Canadian or Mexican border) take their ZIP code prefix's zone instead.
- ${flipped} longitude${flipped === 1 ? '' : 's'} east of Greenwich in a mainland state put back west (a lost minus sign in the source).
- Generated by scripts/build-zip-codes.ts (\`npm run build:zips\`); do not edit by hand. See docs/decisions/0048-zip-codes-and-service-areas.md.
`,
);
console.log(
  `wrote ${rows.length} ZIP codes to ${out} (${replaced} zones outside the United States replaced, ${flipped} longitudes put back west)`,
);
