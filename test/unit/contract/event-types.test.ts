/**
 * One list of event types: the partner contract's webhook deliveries refer to the change feed's
 * EventType, and the studio contract (a document of its own, for another reader) repeats the list
 * in its WebhookEventType, so this holds the two equal. Without it the studio could subscribe an
 * endpoint to a type the feed never writes, or miss one it does.
 */
import { describe, expect, it } from 'vitest';
import { schemaTools } from '../../helpers/contract-schemas.js';

const partner = schemaTools('generated/openapi.json');
const studio = schemaTools('generated/studio/openapi.json');
const enumOf = (tools: typeof partner, name: string) => tools.deref<{ enum: string[] }>(tools.document.components.schemas[name]).enum;

describe('event types across the contracts', () => {
  it("the partner's webhook deliveries name the feed's EventType", () => {
    const delivery = partner.document.components.schemas['WebhookDelivery'] as { properties: { event_type: { $ref: string } } };
    expect(delivery.properties.event_type.$ref).toBe('#/components/schemas/EventType');
  });

  it("the studio's WebhookEventType lists exactly the feed's EventType", () => {
    expect(enumOf(studio, 'WebhookEventType')).toEqual(enumOf(partner, 'EventType'));
  });
});
