import { z } from 'zod';

export type ChatProviderSettings = { readonly url: string; readonly key: string; readonly model: string };

/** Every provider of the chain failed; the caller falls back. */
export class ChatError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ChatError';
  }
}

export type ChatChain = {
  /** the providers' answer to one system + user prompt, from the first that answers */
  complete(system: string, user: string): Promise<string>;
};

export type ChatChainOptions = {
  readonly providers: readonly ChatProviderSettings[];
  /** retries of the first provider on 429 */
  readonly retries?: number;
  readonly backoffMs?: number;
  readonly timeoutMs?: number;
};

const completion = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1) });

class RateLimited extends Error {
  readonly retryAfterMs: number | null;
  constructor(retryAfterMs: number | null) {
    super('rate limited');
    this.retryAfterMs = retryAfterMs;
  }
}

async function ask(provider: ChatProviderSettings, system: string, user: string, timeoutMs: number): Promise<string> {
  const response = await fetch(`${provider.url.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${provider.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: provider.model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      temperature: 0.7,
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.status === 429) {
    await response.body?.cancel();
    const seconds = Number(response.headers.get('retry-after'));
    throw new RateLimited(Number.isFinite(seconds) && response.headers.get('retry-after') !== null ? seconds * 1000 : null);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`chat provider answered ${response.status}`);
  }
  const parsed = completion.safeParse(await response.json());
  if (!parsed.success) throw new Error('chat provider sent an unexpected shape');
  return parsed.data.choices[0]!.message.content ?? '';
}

/**
 * OpenAI-compatible chat completions, tried in order: the first is retried a couple of times on
 * 429 with exponential backoff, any other failure moves straight on to the next.
 */
export function createChatChainFrom(options: ChatChainOptions): ChatChain {
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 20_000;
  return {
    async complete(system, user) {
      let last: unknown = new ChatError('no chat provider configured');
      for (const [index, provider] of options.providers.entries()) {
        const attempts = index === 0 ? retries + 1 : 1;
        for (let attempt = 0; attempt < attempts; attempt++) {
          try {
            return await ask(provider, system, user, timeoutMs);
          } catch (error) {
            last = error;
            if (!(error instanceof RateLimited) || attempt + 1 >= attempts) break;
            const pause = Math.min(error.retryAfterMs ?? backoffMs * 2 ** attempt, 10_000);
            await new Promise((resolve) => setTimeout(resolve, pause));
          }
        }
      }
      throw new ChatError('every chat provider failed', { cause: last });
    },
  };
}

type ChatConfig = {
  readonly AI_PRIMARY_URL?: string | undefined;
  readonly AI_PRIMARY_KEY?: string | undefined;
  readonly AI_PRIMARY_MODEL?: string | undefined;
  readonly AI_SECONDARY_URL?: string | undefined;
  readonly AI_SECONDARY_KEY?: string | undefined;
  readonly AI_SECONDARY_MODEL?: string | undefined;
};

/** The chain from configuration: a provider counts only with all three of URL, key and model. Null when none. */
export function createChatChain(config: ChatConfig): ChatChain | null {
  const providers: ChatProviderSettings[] = [];
  if (config.AI_PRIMARY_URL && config.AI_PRIMARY_KEY && config.AI_PRIMARY_MODEL) {
    providers.push({ url: config.AI_PRIMARY_URL, key: config.AI_PRIMARY_KEY, model: config.AI_PRIMARY_MODEL });
  }
  if (config.AI_SECONDARY_URL && config.AI_SECONDARY_KEY && config.AI_SECONDARY_MODEL) {
    providers.push({ url: config.AI_SECONDARY_URL, key: config.AI_SECONDARY_KEY, model: config.AI_SECONDARY_MODEL });
  }
  return providers.length === 0 ? null : createChatChainFrom({ providers });
}
