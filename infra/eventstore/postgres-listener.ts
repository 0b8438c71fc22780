import { EventEmitter } from 'node:events';
import pg from 'pg';

const NOTIFY_CHANNEL = 'es_appended';

/**
 * The transactions that appended, as this process hears of them: its own at once, the others' by
 * NOTIFY on one LISTEN connection shared by every subscriber of the process.
 */
export type AppendedTransactions = {
  /** the newest transaction heard of */
  newest(): bigint;
  /** a transaction of this process appended */
  tell(tx: bigint): void;
  /** `onTx` is called for every transaction heard of from now on, and once more after the LISTEN connection was lost */
  subscribe(onTx: () => void): Promise<void>;
  unsubscribe(onTx: () => void): Promise<void>;
  close(): void;
};

export function listenForAppends(pool: pg.Pool, options: { readonly onListenerLost?: (error: unknown) => void }): AppendedTransactions {
  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  let newestNotifiedTx = 0n;
  // Each transaction wakes the subscribers once: this process's appends are told at once and their
  // NOTIFY comes back too, in either order; the later of the two is no news.
  const recentlyTold: bigint[] = [];
  let closed = false;

  /** `seen`, once per transaction of the last 64 */
  function tell(tx: bigint): void {
    if (recentlyTold.includes(tx)) return;
    if (recentlyTold.push(tx) > 64) recentlyTold.shift();
    seen(tx);
  }

  function seen(tx: bigint): void {
    if (tx > newestNotifiedTx) newestNotifiedTx = tx;
    appended.emit('tx', tx);
  }

  // One LISTEN connection serves every subscriber of this process. When it is lost (a restart,
  // a failover, pg_terminate_backend) it is opened again with backoff; notifications sent
  // meanwhile are gone, so every subscriber reads once it is back.
  let listener: { readonly close: () => Promise<void> } | null = null;
  let listenerUsers = 0;
  let connecting: Promise<void> | null = null;
  let reopenTimer: NodeJS.Timeout | null = null;
  let reopenAttempts = 0;

  function openListener(): void {
    if (closed || listenerUsers === 0 || listener || connecting || reopenTimer) return;
    connecting = connectListener().finally(() => {
      connecting = null;
    });
  }

  async function connectListener(): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      listenerLost(error);
      return;
    }
    let given = false;
    const onNotification = (message: pg.Notification): void => {
      if (message.channel !== NOTIFY_CHANNEL || !message.payload) return;
      tell(BigInt(message.payload));
    };
    const giveBack = (error?: Error): void => {
      if (given) return;
      given = true;
      client.removeListener('error', drop);
      client.removeListener('end', onEnd);
      client.removeListener('notification', onNotification);
      // a broken client is destroyed, a clean one goes back to the pool
      client.release(error);
    };
    const own = {
      async close(): Promise<void> {
        await client.query(`UNLISTEN ${NOTIFY_CHANNEL}`).catch(() => undefined);
        giveBack();
      },
    };
    function drop(error: unknown): void {
      if (given) return;
      giveBack(error instanceof Error ? error : new Error(String(error)));
      if (listener === own) listener = null;
      listenerLost(error);
    }
    function onEnd(): void {
      drop(new Error('the LISTEN connection ended'));
    }
    client.on('error', drop);
    client.on('end', onEnd);
    client.on('notification', onNotification);
    try {
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (given) return;
    if (closed || listenerUsers === 0) {
      await own.close();
      return;
    }
    listener = own;
    const wasLost = reopenAttempts > 0;
    reopenAttempts = 0;
    // what was appended while nobody listened is found by reading, not by waiting for a NOTIFY
    if (wasLost) appended.emit('tx', newestNotifiedTx);
  }

  function listenerLost(error: unknown): void {
    if (closed || listenerUsers === 0) return;
    if (reopenAttempts === 0) options.onListenerLost?.(error);
    const delay = Math.min(100 * 2 ** reopenAttempts, 5000);
    reopenAttempts++;
    reopenTimer = setTimeout(() => {
      reopenTimer = null;
      openListener();
    }, delay);
    reopenTimer.unref();
  }

  /** resolves once the first attempt to listen is over, so a new subscriber misses no NOTIFY */
  async function startListening(): Promise<void> {
    listenerUsers++;
    openListener();
    await connecting;
  }

  async function stopListening(): Promise<void> {
    listenerUsers--;
    if (listenerUsers > 0) return;
    if (reopenTimer) clearTimeout(reopenTimer);
    reopenTimer = null;
    reopenAttempts = 0;
    const current = listener;
    listener = null;
    await current?.close();
  }

  return {
    newest: () => newestNotifiedTx,
    tell,
    async subscribe(onTx) {
      appended.on('tx', onTx);
      await startListening();
    },
    async unsubscribe(onTx) {
      appended.off('tx', onTx);
      await stopListening();
    },
    close() {
      closed = true;
      if (reopenTimer) clearTimeout(reopenTimer);
      reopenTimer = null;
    },
  };
}
