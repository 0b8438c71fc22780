import { serviceUnavailable } from './errors.ts';

/** What a read answers for a signed-in user whose account the read side has not built yet. */
export const accountNotReady = () => serviceUnavailable(1, 'The account is still being set up; try again shortly');
