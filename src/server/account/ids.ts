// Row ids (sessions, passkeys) are UUIDs; an id of any other shape is not worth a query.
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidShape.test(value);
}
