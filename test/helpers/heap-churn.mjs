// Run by test/build.test.ts under the start command's V8 flags and without them: a live set of
// 200,000 small objects turning over, as a server's caches and in-flight requests do, and the
// largest heap V8 let it reach. V8 sizes the old generation to the live set times a growing
// factor, and caps that factor by the heap's maximum size (4 at 2 GiB and above, at most 2 below).
import v8 from 'node:v8';

const live = new Array(200_000);
let peak = 0;
for (let round = 0; round < 3_000_000; round++) {
  live[round % live.length] = { a: 'x'.repeat(20) + round, b: [round, round + 1, round + 2], c: { d: round } };
  if (round % 10_000 === 0) peak = Math.max(peak, v8.getHeapStatistics().total_heap_size);
}
process.stdout.write(JSON.stringify({ peakMb: Math.round(peak / 1048576) }));
