// Ids are UUIDs. A path or body value that is not one names nothing: services answer it as "not found" (or skip
// it) before asking the database, which would refuse to compare it with a uuid column.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
