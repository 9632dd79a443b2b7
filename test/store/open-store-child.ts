/** Child process for the multi-process migration test: opens (and so migrates) the store at argv[2]. */
import { openStore } from '../../server/store/index.js';

const store = await openStore(process.argv[2]);
await store.close();
