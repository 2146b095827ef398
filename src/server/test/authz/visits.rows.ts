// Authorization rows of src/server/modules/visits: anyone records a visit; only an admin reads them.
import { adminOnly, everyone, type Row } from './table.ts';

export const visitsRows: Row[] = [
  {
    route: 'POST /api/visits',
    request: () => ({ payload: { type: 'page_view', page: '/authz-matrix' } }),
    expect: everyone('ok'),
  },
  { route: 'GET /api/visits/count', expect: adminOnly() },
  { route: 'GET /api/visits/recent', request: () => ({ query: { limit: '1' } }), expect: adminOnly() },
];
