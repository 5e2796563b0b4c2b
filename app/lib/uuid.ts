// The one check that a route parameter or a posted id is a UUID (every table's
// primary key), before it reaches PostgreSQL, which would refuse it with an error.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
