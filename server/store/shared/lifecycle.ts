/** The process's doors both engines share over their StoreCore: availability, cursor keys, the engine's default ping, and settings. */
import { CursorCodec } from '../cursor.js';
import type { Lifecycle, Settings } from '../interfaces.js';
import type { StoreCore } from './core.js';

export function lifecycle(core: StoreCore): Pick<Lifecycle, 'engine' | 'watchAvailability' | 'useCursorKeys' | 'ping'> {
  return {
    engine: core.engine,
    watchAvailability(observer) {
      core.observer = observer;
    },
    useCursorKeys(keys) {
      core.cursors = new CursorCodec(keys);
    },
    ping: () =>
      core.guard(async () => {
        await core.db.selectFrom('settings').select('key').limit(1).execute();
      }),
  };
}

export function settings(core: StoreCore): Settings {
  const { db } = core;
  return {
    getSetting: (key) => core.guard(async () => (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value),
    setSettingIfAbsent: (key, value) =>
      core.guard(() =>
        core.writeTransaction(async (trx) => {
          await trx.insertInto('settings').values({ key, value }).onConflict((oc) => oc.column('key').doNothing()).execute();
          return (await trx.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow()).value;
        }),
      ),
  };
}
