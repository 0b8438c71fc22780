import type { Projection } from '../runtime.ts';

/** The gym context's read tables, all in schema `gym`. */
export const gymProjection: Projection = {
  name: 'gym',
  version: 1,
  async migrate() {},
  async apply() {},
};
