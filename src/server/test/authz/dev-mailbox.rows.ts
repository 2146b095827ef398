// Authorization rows of src/server/modules/dev-mailbox. The test configuration (NODE_ENV=test, no SMTP_URL,
// loopback HOST and APP_URL) serves it, to anyone on loopback: it is never registered in production or with
// SMTP_URL (devMailboxStatus), which is what keeps reset links away from others.
import { everyone, type Row } from './table.ts';

export const devMailboxRows: Row[] = [
  {
    route: 'GET /dev/mailbox',
    note: 'development only; absent in production (then the path is an unknown 404)',
    expect: everyone('ok'),
  },
];
