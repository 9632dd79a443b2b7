/**
 * The access log's line, written without pino's serializer: one per request, so the cheapest
 * line that pino would have written for the same fields. pino builds a line generically
 * (each key looked up for serializers, nested objects through its safe stringifier); this one
 * knows its fields. The format is pino's, key for key (level number, time in epoch ms, the
 * logger's base fields, the fields, msg), so log tooling reads both alike;
 * test/server/access-lines.test.ts holds the two side by side.
 */

/** What the access log records of a request (http/access-log.ts). */
export interface AccessFields {
  requestId: string | undefined;
  partnerId: string | undefined;
  operatorId: string | undefined;
  operationId: string | undefined;
  method: string;
  url: string;
  statusCode: number;
  responseTime: number;
}

export type AccessLevel = 'info' | 'warn' | 'error';

/** The same fields as the object pino is given for them (a logger not made by createLogger writes this). */
export function accessRecord(f: AccessFields): Record<string, unknown> {
  return { requestId: f.requestId, partnerId: f.partnerId, operatorId: f.operatorId, operationId: f.operationId, req: { method: f.method, url: f.url }, res: { statusCode: f.statusCode }, responseTime: f.responseTime };
}

/** pino's numbers for the levels. */
const LEVELS: Record<AccessLevel, number> = { info: 30, warn: 40, error: 50 };

const str = JSON.stringify;

/** An optional string field, left out when undefined as pino leaves it out. */
const field = (name: string, value: string | undefined) => (value === undefined ? '' : `,"${name}":${str(value)}`);

/**
 * One line, newline-terminated. `bindings` is the logger's base fields as JSON members without
 * braces (`"service":"partner-catalog"`).
 */
export function accessLine(level: AccessLevel, time: number, bindings: string, f: AccessFields, msg: string): string {
  return (
    `{"level":${LEVELS[level]},"time":${time}${bindings ? `,${bindings}` : ''}` +
    field('requestId', f.requestId) +
    field('partnerId', f.partnerId) +
    field('operatorId', f.operatorId) +
    field('operationId', f.operationId) +
    `,"req":{"method":${str(f.method)},"url":${str(f.url)}},"res":{"statusCode":${f.statusCode}},"responseTime":${f.responseTime},"msg":${str(msg)}}\n`
  );
}
