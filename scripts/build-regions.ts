// Generates src/domain/regions/regions.data.ts from the BEA Regional Price Parities in reference-data/bea-rpp.
// Run: npx tsx scripts/build-regions.ts
//
// Source: U.S. Bureau of Economic Analysis, "Regional price parities by state and metro area"
// (MARPP = metropolitan statistical areas, PARPP = state metropolitan / nonmetropolitan portions).
// Multiplier = RPP "All items" (LineCode 1) for the newest year (2024) / 100, rounded to 3 decimals.
//
// Regions produced:
//   1. One region per principal city named in each metro area's title.
//      "Dallas-Fort Worth-Arlington, TX" gives Dallas, Fort Worth and Arlington in TX.
//      Splitting: when a title contains "--" (BEA's separator when a city name itself has a hyphen, as in
//      "Scranton--Wilkes-Barre"), split on "--"; otherwise split on "-", except for the hyphenated city names
//      listed in JOINED_NAMES. "Louisville/Jefferson County" keeps the part before the slash; a few official
//      names get their everyday form (RENAMES).
//      State of a city in a multi-state title ("Philadelphia-Camden-Wilmington, PA-NJ-DE-MD"): the first
//      state, unless STATE_OVERRIDES names the city (checked against the title's own state list), e.g.
//      Camden -> NJ, Wilmington -> DE, Vancouver -> WA, Arlington -> VA.
//      If the same city and state would appear twice, the first metro in file order (ascending FIPS) wins.
//   2. One region per state's nonmetropolitan portion, named "<State> (Nonmetropolitan)". States with no
//      nonmetropolitan portion (BEA value 0: DE, DC, NJ, RI) get none.
//
// Stable ids (survive regeneration and new BEA releases):
//   metro city:  MSA/CBSA code x 10 + the city's 1-based position in the title (Dallas = 19100 x 10 + 1 = 191001);
//   nonmetro:    the BEA GeoFIPS of the state's nonmetropolitan portion as a number ("01999" -> 1999).
// The two ranges cannot collide (metro ids are >= 100000, nonmetro ids are < 57000).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const YEAR = '2024';

const STATES: Record<string, string> = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  'District of Columbia': 'DC',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  Washington: 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
};

/** City names that contain a hyphen in titles without the "--" separator. */
const JOINED_NAMES = [
  'Winston-Salem',
  'Lexington-Fayette',
  'Athens-Clarke County',
  'Augusta-Richmond County',
  'Macon-Bibb County',
];

/** Official census names shown in their everyday form. */
const RENAMES: Record<string, string> = {
  'Urban Honolulu': 'Honolulu',
  'Boise City': 'Boise',
  'Amherst Town': 'Amherst',
  'Nashville-Davidson': 'Nashville',
  'Lexington-Fayette': 'Lexington',
  'Athens-Clarke County': 'Athens',
  'Augusta-Richmond County': 'Augusta',
  'Macon-Bibb County': 'Macon',
};

/** Cities of multi-state metro titles that are not in the title's first state. */
const STATE_OVERRIDES: Record<string, string> = {
  'Davenport-Moline-Rock Island|Moline': 'IL',
  'Davenport-Moline-Rock Island|Rock Island': 'IL',
  'Hagerstown-Martinsburg|Martinsburg': 'WV',
  'Huntington-Ashland|Ashland': 'KY',
  'New York-Newark-Jersey City|Newark': 'NJ',
  'New York-Newark-Jersey City|Jersey City': 'NJ',
  'Philadelphia-Camden-Wilmington|Camden': 'NJ',
  'Philadelphia-Camden-Wilmington|Wilmington': 'DE',
  'Portland-Vancouver-Hillsboro|Vancouver': 'WA',
  'Washington-Arlington-Alexandria|Arlington': 'VA',
  'Washington-Arlington-Alexandria|Alexandria': 'VA',
  'Weirton-Steubenville|Steubenville': 'OH',
};

interface Row {
  fips: string;
  name: string;
  lineCode: string;
  value: string;
}

/** Parses one line of BEA's CSV (quoted fields, commas inside quotes). */
function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field.trim());
      field = '';
    } else field += ch;
  }
  out.push(field.trim());
  return out;
}

function readRows(file: string): Row[] {
  const lines = readFileSync(join(root, 'reference-data/bea-rpp', file), 'utf8').split(/\r?\n/);
  const header = parseCsvLine(lines[0] ?? '');
  const yearIndex = header.indexOf(YEAR);
  if (yearIndex < 0) throw new Error(`${file}: no ${YEAR} column`);
  const rows: Row[] = [];
  for (const line of lines.slice(1)) {
    const cells = parseCsvLine(line);
    if (cells.length < header.length) continue; // footnotes
    rows.push({
      fips: cells[0] ?? '',
      name: cells[1] ?? '',
      lineCode: cells[4] ?? '',
      value: cells[yearIndex] ?? '',
    });
  }
  return rows.filter((r) => r.lineCode === '1');
}

function multiplier(value: string): number | null {
  const rpp = Number(value);
  if (!Number.isFinite(rpp) || rpp <= 0) return null;
  return Math.round(rpp * 10) / 1000; // RPP / 100 rounded to 3 decimals
}

function splitCities(title: string): string[] {
  if (title.includes('--')) return title.split('--');
  let work = title;
  const placeholders = new Map<string, string>();
  JOINED_NAMES.forEach((n, i) => {
    const key = `\u0000${i}\u0000`;
    if (work.includes(n)) {
      work = work.replace(n, key);
      placeholders.set(key, n);
    }
  });
  return work.split('-').map((part) => placeholders.get(part) ?? part);
}

interface GeneratedRegion {
  id: number;
  name: string;
  state: string;
  location: string;
  multiplier: number;
  kind: 'metro' | 'nonmetro';
  source: string;
}

function build(): GeneratedRegion[] {
  const regions: GeneratedRegion[] = [];
  const seen = new Set<string>();
  for (const row of readRows('MARPP_MSA_2008_2024.csv')) {
    const m = /^(.*), ([A-Z]{2}(?:-[A-Z]{2})*) \(?Metropolitan Statistical Area\)?/.exec(row.name);
    if (!m) continue;
    const value = multiplier(row.value);
    if (value == null) continue;
    const citiesPart = m[1] ?? '';
    const states = (m[2] ?? '').split('-');
    const firstState = states[0] ?? '';
    splitCities(citiesPart).forEach((raw, index) => {
      const official = raw.split('/')[0]?.trim() ?? raw;
      const name = RENAMES[official] ?? official;
      const override = STATE_OVERRIDES[`${citiesPart}|${official}`];
      if (override && !states.includes(override))
        throw new Error(`${row.name}: override ${override} not in title`);
      const state = override ?? firstState;
      const key = `${name}|${state}`;
      if (seen.has(key)) return;
      seen.add(key);
      regions.push({
        id: Number(row.fips) * 10 + index + 1,
        name,
        state,
        location: `${name}, ${state}`,
        multiplier: value,
        kind: 'metro',
        source: row.name.replace(/\s*\*$/, ''),
      });
    });
  }
  for (const row of readRows('PARPP_PORT_2008_2024.csv')) {
    const m = /^(.*) \(Nonmetropolitan Portion\)/.exec(row.name);
    if (!m) continue;
    const stateName = m[1] ?? '';
    const state = STATES[stateName];
    if (!state) throw new Error(`Unknown state ${stateName}`);
    const value = multiplier(row.value);
    if (value == null) continue;
    const name = `${stateName} (Nonmetropolitan)`;
    regions.push({
      id: Number(row.fips),
      name,
      state,
      location: `${name}, ${state}`,
      multiplier: value,
      kind: 'nonmetro',
      source: row.name,
    });
  }
  regions.sort((a, b) => a.state.localeCompare(b.state) || a.name.localeCompare(b.name) || a.id - b.id);
  const ids = new Set(regions.map((r) => r.id));
  if (ids.size !== regions.length) throw new Error('Duplicate region id');
  return regions;
}

const regions = build();
const body = regions.map((r) => `  ${JSON.stringify(r)},`).join('\n');
const out = `// Generated by scripts/build-regions.ts from reference-data/bea-rpp (BEA Regional Price Parities, ${YEAR},
// "RPPs: All items"). Do not edit by hand; run \`npx tsx scripts/build-regions.ts\`.
import type { Region } from './region.ts';

export const regionsData: readonly Region[] = [
${body}
];
`;
writeFileSync(join(root, 'src/domain/regions/regions.data.ts'), out);
console.log(`Wrote ${regions.length} regions to src/domain/regions/regions.data.ts`);
