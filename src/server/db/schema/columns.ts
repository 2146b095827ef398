import { customType } from 'drizzle-orm/pg-core';

/** Bytes kept in the row (pictures, photos): a Buffer whichever driver reads them. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
