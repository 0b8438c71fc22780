import type { Projection } from '../runtime.ts';

/** The shows context's read tables, all in schema `shows`. */
export const showsProjection: Projection = {
  name: 'shows',
  version: 1,
  async migrate() {},
  async apply() {},
};
