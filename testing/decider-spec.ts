// Decisions tested given/when/then, as EventSourcing.NodeJS's `testing/unit/specification.ts` does,
// on tap's assertions: the state is only ever folded from the given events, never built by hand.
import type { Test } from 'tap';
import { DomainError } from '../domain/shared/events.ts';

/** An aggregate's fold (an `Aggregate` of domain/shared/aggregate.ts fits) and the decide of its commands. */
export type Decider<Command, Event, State> = {
  readonly initialState: State;
  readonly evolve: (state: State, event: Event) => State;
  readonly decide: (command: Command, state: State) => readonly Event[];
};

/** What tap's `t.throws` takes to check an error: its class, a regular expression or a pattern of its fields. */
type ErrorMatch = Exclude<Parameters<Test['throws']>[1], string | undefined>;

/**
 * `deciderSpec(decider)(given)` folds the given events to `.state` (for what a test asks of a state
 * besides a decision: a plan that says more than its events, a rule checked on its own), then
 * `.when(command)` and one of:
 * - `.then(t, events)`: the decided events are these; `.then(t, { events, state })` also the state
 *   they fold to on top of the given ones;
 * - `.thenThrows(t, code)`: refused with a DomainError of that code; `.thenThrows(t, match)` with
 *   an error `t.throws` matches, such as `domainError(code, message)`;
 * - `.decided()`: the events, the state and the history (the given events, then the decided ones:
 *   the given of a next decision), for assertions of a test's own.
 */
export function deciderSpec<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return (given: readonly Event[]) => {
    const state = given.reduce(decider.evolve, decider.initialState);
    return {
      state,
      when(command: Command) {
        const decided = (): { events: readonly Event[]; state: State; history: readonly Event[] } => {
          const events = decider.decide(command, state);
          return { events, state: events.reduce(decider.evolve, state), history: [...given, ...events] };
        };
        return {
          decided,
          then(t: Test, expected: readonly Event[] | { readonly events: readonly Event[]; readonly state: State }, message?: string): void {
            const result = decided();
            if (isEventList(expected)) {
              t.same(result.events, expected, ...messageOf(message));
              return;
            }
            t.same(result.events, expected.events, 'events');
            t.same(result.state, expected.state, 'state');
          },
          thenThrows(t: Test, expected: string | ErrorMatch, message?: string): void {
            // an unnamed function: tap names the assertion after the function it is given
            if (typeof expected === 'string') {
              t.throws(() => decided(), DomainError, ...messageOf(message));
              t.throws(() => decided(), { code: expected }, ...messageOf(message));
              return;
            }
            t.throws(() => decided(), expected, ...messageOf(message));
          },
        };
      },
    };
  };
}

/**
 * A DomainError of this code whose message this pattern matches, as one pattern for `t.throws`: the
 * name DomainError gives itself stands for its class.
 */
export const domainError = (code: string, message: RegExp) => ({ name: 'DomainError', code, message });

const isEventList = <Event>(expected: readonly Event[] | object): expected is readonly Event[] => Array.isArray(expected);

/** tap's own message when a test gives none */
const messageOf = (message: string | undefined): [] | [string] => (message === undefined ? [] : [message]);
