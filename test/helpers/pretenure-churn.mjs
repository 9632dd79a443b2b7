// Run by test/build.test.ts under --trace-gc-nvp, with and without the start command's V8 flags.
// One allocation site first makes objects that all outlive a young-generation collection (V8
// then allocates that site's objects straight in the old generation: allocation-site
// pretenuring, in optimized code), then objects that die at once but point at fresh young data,
// as a request's short-lived objects point at its rows and documents. A dead old object still
// holds what it points at through the next young-generation collection, so with pretenuring on
// that data is promoted; with it off, object and data die young together. Whether V8 has decided
// to pretenure by the time the second loop is optimized varies from run to run (about half of
// the runs, on Node 24), so the parent runs this more than once.
const make = (data) => ({ data, at: 0 });
const ring = new Array(20_000);
function longLived(rounds) {
  for (let i = 0; i < rounds; i++) ring[i % ring.length] = make(['y'.repeat(200), i]);
}
let sink = 0;
function shortLived(rounds) {
  for (let i = 0; i < rounds; i++) sink += make([new Array(2_000).fill(i)]).data.length;
}
for (let round = 0; round < 40; round++) longLived(10_000);
ring.fill(undefined);
// The parent counts what is promoted after this line only.
process.stdout.write('short-lived\n');
for (let round = 0; round < 40; round++) shortLived(500);
process.stderr.write(`${sink}\n`);
