// Authorization rows of src/server/modules/geo (decision 0048): a ZIP code's place is public; the service area is
// the signed-in provider's own (no id in the URL: nobody else's can be named).
import { everyone, onlyRoles, type Row } from './table.ts';

export const geoRows: Row[] = [
  {
    route: 'GET /api/geo/zip/:zip',
    request: () => ({ url: '/api/geo/zip/10001' }),
    note: 'the place of a ZIP code (city, state, centroid, time zone): reference data',
    expect: everyone('ok'),
  },
  { route: 'GET /api/provider/service-area', expect: onlyRoles('provider') },
  {
    route: 'PUT /api/provider/service-area',
    request: () => ({ payload: { zip: '10001', radiusMiles: 25 } }),
    expect: onlyRoles('provider'),
  },
];
