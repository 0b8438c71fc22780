// The gym's replica (local.ts) as the copies the shared useLoad draws from: read synchronously, so a
// screen's first frame is already its last copy.
import { replicaCopies } from '../shared/use-load.ts';
import { keep, kept } from './local.ts';

export const gymCopies = replicaCopies({ get: kept, put: keep });
