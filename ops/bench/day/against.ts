// `--against <rev>`: that revision checked out beside this one with `git worktree add`, running on
// this checkout's node_modules (a symlink: no npm ci offline) and a copy of its built web apps (a
// copy, so that a revision whose ui/ differs builds into its own folder, never into this one's).
import { execFile } from 'node:child_process';
import { cp, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type Worktree = { readonly root: string; remove(): Promise<void> };

export async function addWorktree(root: string, rev: string, tempDir: string): Promise<Worktree> {
  const at = path.join(tempDir, 'against');
  await run('git', ['-C', root, 'worktree', 'add', '--detach', at, rev]);
  const remove = async (): Promise<void> => {
    await run('git', ['-C', root, 'worktree', 'remove', '--force', at]).catch((error: unknown) => console.error('git worktree remove failed', error));
  };
  try {
    await symlink(path.join(root, 'node_modules'), path.join(at, 'node_modules'), 'dir');
    const built = path.join(root, 'ui', 'dist');
    if (await stat(built).then(() => true, () => false)) await cp(built, path.join(at, 'ui', 'dist'), { recursive: true });
  } catch (error) {
    await remove();
    throw error;
  }
  return { root: at, remove };
}
