// What every screen of the gym app is given once someone is signed in: the account, the way to
// other screens, signing out, and the workouts' commands.
import type { User } from './gym-api.ts';
import type { Navigate } from './link.tsx';
import type { SetSync, SetsView } from './workout/sets.ts';

export type SignedIn = {
  readonly user: User;
  readonly setUser: (user: User) => void;
  readonly navigate: Navigate;
  /** resolves with why the phone is still signed in, or null */
  readonly signOut: () => Promise<string | null>;
  /** the account is gone (erased): forget it on this phone, as after signing out */
  readonly forget: () => void;
  /** the workouts' commands (start, tick, delete) and what they did */
  readonly sets: SetSync | null;
  readonly setsView: SetsView | null;
};
