import pg from 'pg';

export type ChannelListener = { close(): Promise<void> };

export type ListenHandlers = {
  readonly onMessage: (payload: string) => void;
  /** LISTEN is (again) in place; what was sent while nobody listened is lost */
  readonly onListening: () => void;
  /** the connection was lost; it is opened again with backoff */
  readonly onLost: (error: unknown) => void;
};

/**
 * One connection of its own (not a pool's: a pool's last free client must not be held forever)
 * that LISTENs on `channel`, opened again with backoff whenever it is lost.
 */
export function listenToChannel(connectionString: string, channel: string, handlers: ListenHandlers): ChannelListener {
  let client: pg.Client | null = null;
  let closed = false;
  let attempts = 0;
  let timer: NodeJS.Timeout | null = null;

  const lost = (error: unknown, broken: pg.Client): void => {
    if (client !== broken) return;
    client = null;
    broken.end().catch(() => undefined);
    if (closed) return;
    handlers.onLost(error);
    const delay = Math.min(100 * 2 ** attempts, 5000);
    attempts++;
    timer = setTimeout(() => {
      timer = null;
      void open();
    }, delay);
    timer.unref();
  };

  async function open(): Promise<void> {
    const own = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: 5000 });
    client = own;
    own.on('error', (error) => lost(error, own));
    own.on('end', () => lost(new Error('the LISTEN connection ended'), own));
    own.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onMessage(message.payload);
    });
    try {
      await own.connect();
      await own.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(error, own);
      return;
    }
    if (client !== own || closed) {
      await own.end().catch(() => undefined);
      return;
    }
    attempts = 0;
    handlers.onListening();
  }

  const opened = open();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await opened;
      const own = client;
      client = null;
      await own?.end().catch(() => undefined);
    },
  };
}
