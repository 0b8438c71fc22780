import http from 'node:http';
import net from 'node:net';
import { listenForTest, type Teardown } from '../../infra/http/listen-loopback.ts';


export type SmtpMessage = { readonly from: string; readonly to: string[]; readonly data: string };

/** A minimal SMTP server (no TLS, no auth): enough for nodemailer to hand over a message. */
export async function smtpStandIn(t: Teardown): Promise<{ url: string; received: SmtpMessage[] }> {
  const received: SmtpMessage[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let from = '';
    let to: string[] = [];
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP stand-in');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (data) {
          if (line === '.') {
            received.push({ from, to, data: data.join('\n') });
            data = null;
            to = [];
            reply('250 OK queued');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') (from = line.slice(10).replace(/[<>]/g, '').split(' ')[0] ?? ''), reply('250 OK');
        else if (verb === 'RCPT') to.push(line.slice(8).replace(/[<>]/g, '')), reply('250 OK');
        else if (verb === 'DATA') (data = []), reply('354 End data with <CR><LF>.<CR><LF>');
        else if (verb === 'QUIT') reply('221 Bye'), socket.end();
        else if (verb === 'RSET') reply('250 OK');
        else reply('502 Command not implemented');
      }
    });
    socket.on('error', () => undefined);
  });
  const address = { port: await listenForTest(t, server) };
  return { url: `smtp://127.0.0.1:${address.port}`, received };
}

/** A local stand-in for Resend's HTTPS API (POST /emails). */
export async function resendStandIn(t: Teardown): Promise<{ url: string; received: Array<{ authorization: string | undefined; body: Record<string, unknown> }>; fail: boolean }> {
  const state = { url: '', received: [] as Array<{ authorization: string | undefined; body: Record<string, unknown> }>, fail: false };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.received.push({ authorization: request.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') });
      response.writeHead(state.fail ? 422 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(state.fail ? { statusCode: 422, name: 'validation_error', message: 'bad' } : { id: `re_${state.received.length}` }));
    });
  });
  const address = { port: await listenForTest(t, server) };
  state.url = `http://127.0.0.1:${address.port}`;
  return state;
}
