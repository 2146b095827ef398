// Authorization rows of src/server/modules/cost-guides (decision 0047): the index, a guide and the pricing accuracy
// are public, the same for everyone signed in or not.
import { everyone, type Row } from './table.ts';

export const costGuidesRows: Row[] = [
  { route: 'GET /api/cost-guides', note: 'the index of the city cost guides', expect: everyone('ok') },
  {
    route: 'GET /api/cost-guides/:category/:place',
    request: () => ({ url: '/api/cost-guides/kitchen/jacksonville-fl' }),
    note: 'one city cost guide',
    expect: everyone('ok'),
  },
  {
    route: 'GET /api/pricing-accuracy',
    note: 'how close our prices came to the agreed ones, from 5 hired jobs up, naming no one',
    expect: everyone('ok'),
  },
];
