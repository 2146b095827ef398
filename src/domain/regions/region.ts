/** A pricing region: a principal city of a metro area, or a state's nonmetropolitan area (BEA RPP 2024). */
export interface Region {
  /** Stable id: metro CBSA code x 10 + city position in the title, or the nonmetro GeoFIPS (see scripts/build-regions.ts). */
  id: number;
  name: string;
  /** Two-letter state code. */
  state: string;
  /** "City, ST" label shown in the wizard and stored on estimates. */
  location: string;
  /** Regional price parity / 100, three decimals. */
  multiplier: number;
  kind: 'metro' | 'nonmetro';
  /** BEA area the multiplier comes from. */
  source: string;
}
