// The club's commands as decisions on their streams, for the service's command runner: a night,
// the key that makes a venue's slot on a date one night, a person, and the club's settings.
import { decideNight, type NightCommand, peopleAddedBy } from '../../domain/club/night-decide.ts';
import { claimNight, nightKeyAggregate, type NightKeyEvent, type NightKeyState, nightKeyStream, releaseNight } from '../../domain/club/night-key.ts';
import { peopleRestoredBy } from '../../domain/club/history.ts';
import { nightAggregate, type NightEvent, type NightState, nightStream, type Snapshot } from '../../domain/club/night.ts';
import { decidePlayer, playerAggregate, type PlayerCommand, type PlayerEvent, type PlayerState, playerStream } from '../../domain/club/player.ts';
import {
  CLUB_SETTINGS_STREAM,
  type ClubSettingsCommand,
  type ClubSettingsEvent,
  type ClubSettingsState,
  clubSettingsAggregate,
  decideClubSettings,
} from '../../domain/club/settings.ts';
import type { StreamCommand } from '../shared/command-runner.ts';
import { besideStream, sideDecision } from '../shared/handle-command.ts';

export const nightCommand = (id: string, command: NightCommand): StreamCommand<NightState, NightEvent> => ({
  stream: nightStream(id),
  aggregate: nightAggregate,
  decide: (state) => decideNight(command, state),
});

/**
 * A phone's save of the whole night: decided on the club's settings as they stand (rule 1) and the
 * night's version (rules 2 and 3); each person the club does not know is created first, on their own
 * stream, whether or not the copy wins (rule 4). `known` only spares the people the read side has a
 * decision each: creating a person is idempotent, so a read side that lags costs one more, never a
 * wrong answer.
 */
export const nightSave = (id: string, snapshot: Snapshot, at: string, known: ReadonlySet<string>): StreamCommand<NightState, NightEvent, ClubSettingsState> => ({
  stream: nightStream(id),
  aggregate: nightAggregate,
  beside: besideStream(CLUB_SETTINGS_STREAM, clubSettingsAggregate, 'as-it-stands'),
  decide: (night, club) => decideNight({ type: 'save-snapshot', snapshot, club, at }, night),
  sideDecisions: (night, _club, outcome) =>
    peopleAddedBy(snapshot, night, 'refusal' in outcome ? outcome.refusal : null, known).map((person) =>
      sideDecision(playerCommand(person.id, { type: 'create-player', name: person.name, levelId: person.levelId, guest: person.guest, at })),
    ),
});

/** A restore of an older version of the night, decided as a save is (see `nightSave`); the people it names exist whether or not it wins. */
export const nightRestore = (
  id: string,
  command: Extract<NightCommand, { type: 'restore-version' }>,
  known: ReadonlySet<string>,
): StreamCommand<NightState, NightEvent, ClubSettingsState> => ({
  stream: nightStream(id),
  aggregate: nightAggregate,
  beside: besideStream(CLUB_SETTINGS_STREAM, clubSettingsAggregate, 'as-it-stands'),
  decide: (night) => decideNight(command, night),
  sideDecisions: (_night, club) =>
    peopleRestoredBy(command.restored, club.levels, known).map((person) =>
      sideDecision(playerCommand(person.id, { type: 'create-player', name: person.name, levelId: person.levelId, guest: person.guest, at: command.at })),
    ),
});

/** The night as its stream has it now, without changing it. */
export const nightAsItStands = (id: string): StreamCommand<NightState, NightEvent> => ({ stream: nightStream(id), aggregate: nightAggregate, decide: () => [] });

type SlotOpened = { readonly venueId: string; readonly date: string; readonly startTime: string };

/** Claims the slot's key for the night (a night already holding it is the answer: see claimNight). */
export const claimSlot = (slot: SlotOpened, nightId: string): StreamCommand<NightKeyState, NightKeyEvent> => ({
  stream: nightKeyStream(slot.venueId, slot.date, slot.startTime),
  aggregate: nightKeyAggregate,
  decide: (state) => claimNight(state, nightId),
});

export const releaseSlot = (slot: SlotOpened, nightId: string): StreamCommand<NightKeyState, NightKeyEvent> => ({
  stream: nightKeyStream(slot.venueId, slot.date, slot.startTime),
  aggregate: nightKeyAggregate,
  decide: (state) => releaseNight(state, nightId),
});

export const playerCommand = (id: string, command: PlayerCommand): StreamCommand<PlayerState, PlayerEvent> => ({
  stream: playerStream(id),
  aggregate: playerAggregate,
  decide: (state) => decidePlayer(command, state),
});

/** Settings, levels, venues and weekly slots: every write goes through the one `club.settings` stream. */
export const settingsCommand = (command: ClubSettingsCommand): StreamCommand<ClubSettingsState, ClubSettingsEvent> => ({
  stream: CLUB_SETTINGS_STREAM,
  aggregate: clubSettingsAggregate,
  decide: (state) => decideClubSettings(command, state),
});

/** The club's settings as the stream holds them now: what a decision about a night or a person rests on. */
export const settingsAsItStands = (): StreamCommand<ClubSettingsState, ClubSettingsEvent> => ({
  stream: CLUB_SETTINGS_STREAM,
  aggregate: clubSettingsAggregate,
  decide: () => [],
});
