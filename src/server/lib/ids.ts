/** Our ids are UUIDs; anything else (from a URL or a provider's metadata) is looked up nowhere. */
export const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
