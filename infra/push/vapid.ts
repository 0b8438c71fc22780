import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

export type VapidKeys = { readonly publicKey: string; readonly privateKey: string };

/**
 * The VAPID key pair: from the configuration, or generated on first start and kept in the data
 * folder, because every browser subscription is bound to the public key it was made with.
 */
export async function loadVapidKeys(
  configured: { publicKey?: string | undefined; privateKey?: string | undefined },
  dataDir: string,
): Promise<{ keys: VapidKeys; generated: boolean }> {
  if (configured.publicKey && configured.privateKey) {
    return { keys: { publicKey: configured.publicKey, privateKey: configured.privateKey }, generated: false };
  }
  const file = path.resolve(dataDir, 'vapid-keys.json');
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing) {
    const parsed = JSON.parse(existing) as Partial<VapidKeys>;
    if (typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string') {
      return { keys: { publicKey: parsed.publicKey, privateKey: parsed.privateKey }, generated: true };
    }
  }
  await mkdir(path.dirname(file), { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  await writeFile(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return { keys, generated: true };
}
