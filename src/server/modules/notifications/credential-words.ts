// How a credential is named to its provider in a notification (decision 0046): "Your Florida license #CGC1234567",
// "Your insurance policy #P-1 with Acme Mutual".
import type { CredentialKind } from '#domain/profiles';

export interface CredentialFacts {
  state: string | null;
  number: string | null;
  insurer: string | null;
  policyNumber: string | null;
}

const STATE_NAMES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
};

/** The state's name from its two-letter code, or the code when it is not a US state's. */
export const stateName = (code: string | null) => (code ? (STATE_NAMES[code] ?? code) : null);

/** "Your Florida license #CGC1234567", "Your insurance policy #P-1 with Acme Mutual"; plainer without the facts. */
export function credentialName(facts: CredentialFacts | null, kind: CredentialKind): string {
  if (kind === 'license') {
    const state = stateName(facts?.state ?? null);
    const number = facts?.number ? ` #${facts.number}` : '';
    return `Your ${state ? `${state} ` : ''}license${number}`;
  }
  const policy = facts?.policyNumber ? ` #${facts.policyNumber}` : '';
  const insurer = facts?.insurer ? ` with ${facts.insurer}` : '';
  return `Your insurance policy${policy}${insurer}`;
}
