// Checked by `npm run typecheck`, never run: a call the contract does not have must not compile.
// Each `@ts-expect-error` fails the type check if the error it expects goes away.
import { contractClient } from './contract-client.ts';
import type { paths } from '../generated/contract/forms.ts';

const forms = contractClient<paths>();
const accept = (value: unknown): boolean => value !== null;

export async function callsTheContractRefuses(): Promise<void> {
  // @ts-expect-error a path the service does not have
  await forms.get('/api/forms/{name}/answers', { path: { name: 'x' }, accept });
  // @ts-expect-error a method the path does not have
  await forms.delete('/api/forms/{name}', { path: { name: 'x' }, accept });
  // @ts-expect-error the path's parameter left out
  await forms.get('/api/forms/{name}', { accept });
  // @ts-expect-error a body of the wrong shape
  await forms.post('/api/forms/{name}', { path: { name: 'x' }, body: { answers: { q1: 7 } }, accept });
  const document = await forms.get('/api/forms/{name}', { path: { name: 'x' }, accept });
  // @ts-expect-error the answer's type is the contract's: version is a number
  const version: string = document.version;
  void version;
}
