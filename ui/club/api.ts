import { contractClient } from '../shared/contract-client.ts';
import type { components, paths } from '../generated/contract/club.ts';

/** The club service as its contract types it. */
export const clubApi = contractClient<paths>();
export type Schemas = components['schemas'];

