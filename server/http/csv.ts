/**
 * CSV answers (RFC 4180: comma-separated, CRLF line ends, cells with a comma, quote or line end
 * quoted), safe to open in a spreadsheet: a cell beginning with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is prefixed with `'`, as OWASP advises against CSV injection, so it shows as
 * text instead of running as a formula. Rows are written as they are read, a page at a time.
 */
import type { Response } from 'express';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: null and undefined as empty, numbers as written, anything else as text, defused and quoted where needed. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Until the response takes more (drain) or the client has gone (close). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Sends rows as a CSV attachment. The first page is read before anything is sent, so a failure
 * there is still a problem document; a failure after that ends the connection without the
 * terminating chunk, so the download fails instead of looking complete but short.
 */
export async function sendCsv(res: Response, filename: string, header: readonly string[], pages: AsyncIterable<readonly unknown[][]>): Promise<void> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
  let chunk = csvRow(header);
  try {
    for (let page = first; !page.done; page = await iterator.next()) {
      for (const row of page.value) chunk += csvRow(row);
      // Wait for the client to take each chunk, so a slow download never piles pages up in memory.
      if (!res.write(chunk)) await drained(res);
      chunk = '';
      if (res.destroyed) return;
    }
    res.end(chunk);
  } catch (error) {
    res.destroy(error as Error);
  }
}
