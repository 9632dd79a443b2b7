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
