// Authorization rows of src/server/modules/system: health checks and reference data, public to everyone.
import { everyone, type Row } from './table.ts';

export const systemRows: Row[] = [
  { route: 'GET /healthz', expect: everyone('ok') },
  { route: 'GET /readyz', expect: everyone('ok') },
  { route: 'GET /api/config', expect: everyone('ok') },
  { route: 'GET /api/regions', expect: everyone('ok') },
  { route: 'GET /api/geo/locations', expect: everyone('ok') },
];
