import http from 'node:http';
import { listenForTest, type Teardown } from '../../infra/http/listen-loopback.ts';


/** answer: a completion with `content`; rateLimit: 429; fail: 500; garbage: 200 with a wrong shape */
export type ChatMode = 'answer' | 'rateLimit' | 'fail' | 'garbage';

export type ChatStandIn = {
  readonly url: string;
  readonly requests: Array<{ authorization: string | undefined; body: { model?: string; messages?: Array<{ role: string; content: string }> } }>;
  setMode(mode: ChatMode): void;
  /** the next modes, one per request, before falling back to the set mode */
  queue(...modes: ChatMode[]): void;
  content: string;
};

/** A local OpenAI-compatible chat-completion endpoint (POST /chat/completions). */
export async function chatStandIn(t: Teardown, content = ''): Promise<ChatStandIn> {
  let mode: ChatMode = 'answer';
  const queued: ChatMode[] = [];
  const state: ChatStandIn = {
    url: '',
    requests: [],
    setMode: (next) => (mode = next),
    queue: (...modes) => queued.push(...modes),
    content,
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.requests.push({ authorization: request.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') });
      const now = queued.shift() ?? mode;
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
      };
      if (request.url !== '/v1/chat/completions') return send(404, { error: { message: 'not found' } });
      if (now === 'rateLimit') return send(429, { error: { message: 'Rate limit reached', type: 'rate_limit_exceeded' } }, { 'retry-after': '0' });
      if (now === 'fail') return send(500, { error: { message: 'The server had an error' } });
      if (now === 'garbage') return send(200, { nothing: true });
      return send(200, {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: state.content }, finish_reason: 'stop' }],
      });
    });
  });
  const address = { port: await listenForTest(t, server) };
  return Object.assign(state, { url: `http://127.0.0.1:${address.port}/v1` });
}
