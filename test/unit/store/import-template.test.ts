/** The console's downloadable catalog template (console/src/catalog-template.json) is a file the import accepts as it is. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateImportFile } from '../../../server/catalog/import-schema.js';

describe('the catalog import template', () => {
  it('passes the import\'s own validation, with a series that has seasons and episodes', async () => {
    const template = JSON.parse(readFileSync(new URL('../../../console/src/catalog-template.json', import.meta.url), 'utf8')) as { series: Array<{ seasons: unknown[]; episodes: unknown[] }> };
    const checked = await validateImportFile(template);
    expect(checked.ok ? [] : checked.errors).toEqual([]);
    expect(template.series).toHaveLength(1);
    expect([template.series[0]!.seasons.length > 0, template.series[0]!.episodes.length > 0]).toEqual([true, true]);
  });
});
