import pg from 'pg';

export type ChannelListener = { close(): Promise<void> };

export type ListenHandlers = {
  readonly onMessage: (payload: string) => void;
  /** LISTEN is (again) in place; what was sent while nobody listened is lost */
  readonly onListening: () => void;
  /** the connection was lost (once per loss, however many attempts it takes); it is opened again with backoff */
  readonly onLost: (error: unknown) => void;
};

/**
 * One connection of its own (not a pool's: a pool's last free client must not be held forever)
 * that LISTENs on each channel of `channels` for its handlers, opened again with backoff whenever
 * it is lost. A process's listeners share it: a connection per channel would be one more for every
 * process to hold for nothing.
 */
export function listenToChannels(connectionString: string, channels: Readonly<Record<string, ListenHandlers>>): ChannelListener {
  const handlers = Object.values(channels);
  // one statement, so that the LISTENs are in place together
  const listen = Object.keys(channels)
    .map((channel) => `LISTEN ${pg.escapeIdentifier(channel)}`)
    .join('; ');
  let client: pg.Client | null = null;
  let closed = false;
  let attempts = 0;
  let timer: NodeJS.Timeout | null = null;

  const lost = (error: unknown, broken: pg.Client): void => {
    if (client !== broken) return;
    client = null;
    broken.end().catch(() => undefined);
    if (closed) return;
    // a server down for a while fails every attempt: its handlers heard of the loss at the first
    if (attempts === 0) for (const handler of handlers) handler.onLost(error);
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
      if (message.payload !== undefined && Object.hasOwn(channels, message.channel)) channels[message.channel]!.onMessage(message.payload);
    });
    try {
      await own.connect();
      await own.query(listen);
    } catch (error) {
      lost(error, own);
      return;
    }
    if (client !== own || closed) {
      await own.end().catch(() => undefined);
      return;
    }
    attempts = 0;
    for (const handler of handlers) handler.onListening();
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
