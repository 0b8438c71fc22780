import { contractClient } from '../shared/contract-client.ts';
import type { paths } from '../generated/contract/forms.ts';

/** The forms service as its contract types it. */
export const formsApi = contractClient<paths>();
