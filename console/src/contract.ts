/**
 * Values the console offers in pickers, read from the studio contract the listener serves
 * (/openapi.json) rather than written into the console again: a genre added to the contract
 * appears in the filter without a console release. Fetched once, when a page first needs it.
 */
let document: Promise<{ components: { schemas: Record<string, { enum?: string[] }> } }> | undefined;

export async function contractEnum(schema: string): Promise<string[]> {
  document ??= fetch('/openapi.json').then((r) => r.json());
  return (await document).components.schemas[schema]?.enum ?? [];
}

/** The bounds and default of a secret roll's `expires_in_hours` (the contract's SecretRoll). */
export async function secretRollHours(): Promise<{ min: number; max: number; fallback: number }> {
  document ??= fetch('/openapi.json').then((r) => r.json());
  const schemas = (await document).components.schemas as Record<string, { properties?: Record<string, { minimum?: number; maximum?: number; default?: number }> }>;
  const hours = schemas.SecretRoll?.properties?.expires_in_hours ?? {};
  return { min: hours.minimum ?? 1, max: hours.maximum ?? 1, fallback: hours.default ?? hours.minimum ?? 1 };
}

/** The default of an integer property of a contract schema (e.g. WebhookSecretRoll's `expires_in_hours`). */
export async function contractDefault(schema: string, property: string): Promise<number> {
  document ??= fetch('/openapi.json').then((r) => r.json());
  const schemas = (await document).components.schemas as Record<string, { properties?: Record<string, { default?: number; minimum?: number }> }>;
  const p = schemas[schema]?.properties?.[property] ?? {};
  return p.default ?? p.minimum ?? 0;
}
