/**
 * Child process for the multi-process migration test: opens (and so migrates) the store at
 * argv[2], starting at the instant argv[3] so that sibling processes really overlap (their
 * start-up times differ by far more than a migration takes).
 */
import { openStore } from '../../server/store/index.js';

const startAt = Number(process.argv[3] ?? 0);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
const store = await openStore(process.argv[2]);
await store.close();
