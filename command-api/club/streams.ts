// The club's commands as decisions on their streams, for the service's command runner: a night,
// the key that makes a venue's slot on a date one night, a person, and the club's settings.
import { decideNight, type NightCommand } from '../../domain/club/night-decide.ts';
import { claimNight, nightKeyAggregate, type NightKeyEvent, type NightKeyState, nightKeyStream, releaseNight } from '../../domain/club/night-key.ts';
import { nightAggregate, type NightEvent, type NightState, nightStream } from '../../domain/club/night.ts';
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

export const nightCommand = (id: string, command: NightCommand): StreamCommand<NightState, NightEvent> => ({
  stream: nightStream(id),
  aggregate: nightAggregate,
  decide: (state) => decideNight(command, state),
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
