// Authorization rows of src/server/modules/profiles (decision 0046): the directory and a pro's public profile are
// public, as are the sitemap and robots.txt.
import { everyone, type Row } from './table.ts';

export const profilesRows: Row[] = [
  {
    route: 'GET /api/providers',
    note: 'the public directory of pros',
    expect: everyone('ok'),
  },
  {
    route: 'GET /api/providers/:id',
    request: (ctx) => ({ url: `/api/providers/${ctx.actors.users.providerWithAccess.id}` }),
    note: "a pro's public profile",
    expect: everyone('ok'),
  },
];
