// Test support for the gym read side's reference check (steps.ts): the steps of bodyweight readings,
// cardio machines and cardio sessions.
import { type Account, type CardioLog, sameName } from '../model.ts';
import { actor, bodyOf, nothing, type Request, type Step } from './step.ts';

/** bodyweight and cardio */
export type BodyCommand = Extract<Request, { kind: 'record-bodyweight' | 'remove-bodyweight' | 'add-machine' | 'rename-machine' | 'remove-machine' | 'log-cardio' | 'change-cardio' | 'remove-cardio' }>;

export function bodyStep(accounts: readonly [Account, Account], command: BodyCommand): Step {
  const { me, ref } = actor(accounts, command);
  switch (command.kind) {
    case 'record-bodyweight': {
      // spec: one reading per day; the same day again overwrites. A date after the UTC date 14 hours
      // from now (the time zone furthest ahead) is in the future everywhere: refused (issue 37)
      const body = { date: command.date, kg: command.kg };
      if (command.date > new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10)) return { method: 'PUT', url: '/api/bodyweight', body, status: 400, commit: nothing };
      return { method: 'PUT', url: '/api/bodyweight', body, status: 200, commit: () => void me.bodyweights.set(command.date, command.kg) };
    }
    case 'remove-bodyweight': {
      const url = `/api/bodyweight/${command.date}`;
      if (!me.bodyweights.has(command.date)) return { method: 'DELETE', url, status: 404, commit: nothing };
      return { method: 'DELETE', url, status: 204, commit: () => void me.bodyweights.delete(command.date) };
    }
    case 'add-machine': {
      const body = { name: command.name };
      // spec: a machine's name is unique per user
      if ([...me.machines.values()].some((machine) => sameName(machine.name, command.name))) return { method: 'POST', url: '/api/cardio/machines', body, status: 409, commit: nothing };
      return {
        method: 'POST',
        url: '/api/cardio/machines',
        body,
        status: 201,
        commit: (answer) => {
          const id = bodyOf(answer).id as string;
          me.machines.set(id, { id, name: command.name });
          me.made.machines.push(id);
        },
      };
    }
    case 'rename-machine': {
      const id = ref(command.machine, 'machines');
      const machine = me.machines.get(id);
      const body = { name: command.name };
      const url = `/api/cardio/machines/${id}`;
      if (!machine) return { method: 'PATCH', url, body, status: 404, commit: nothing };
      if ([...me.machines.values()].some((other) => other.id !== id && sameName(other.name, command.name))) return { method: 'PATCH', url, body, status: 409, commit: nothing };
      return { method: 'PATCH', url, body, status: 200, commit: () => void (machine.name = command.name) };
    }
    case 'remove-machine': {
      const id = ref(command.machine, 'machines');
      const url = `/api/cardio/machines/${id}`;
      if (!me.machines.has(id)) return { method: 'DELETE', url, status: 404, commit: nothing };
      // spec: a machine with logged sessions refuses deletion
      if ([...me.cardioLogs.values()].some((log) => log.machineId === id)) return { method: 'DELETE', url, status: 409, commit: nothing };
      return { method: 'DELETE', url, status: 204, commit: () => void me.machines.delete(id) };
    }
    case 'log-cardio': {
      const machineId = ref(command.machine, 'machines');
      const { distanceKm, calories, level } = command;
      const body = {
        machineId,
        date: command.date,
        minutes: command.minutes,
        ...(distanceKm === undefined ? {} : { distanceKm }),
        ...(calories === undefined ? {} : { calories }),
        ...(level === undefined ? {} : { level }),
      };
      if (!me.machines.has(machineId)) return { method: 'POST', url: '/api/cardio/logs', body, status: 400, commit: nothing };
      return {
        method: 'POST',
        url: '/api/cardio/logs',
        body,
        status: 201,
        commit: (answer) => {
          const id = bodyOf(answer).id as string;
          me.cardioLogs.set(id, { id, machineId, date: command.date, minutes: command.minutes, distanceKm: distanceKm ?? null, calories: calories ?? null, level: level ?? null });
          me.made.cardioLogs.push(id);
        },
      };
    }
    case 'change-cardio': {
      const id = ref(command.log, 'cardioLogs');
      const log = me.cardioLogs.get(id);
      const machineId = command.machine === undefined ? undefined : ref(command.machine, 'machines');
      const change: Partial<CardioLog> = {
        ...(machineId === undefined ? {} : { machineId }),
        ...(command.date === undefined ? {} : { date: command.date }),
        ...(command.minutes === undefined ? {} : { minutes: command.minutes }),
        ...(command.distanceKm === undefined ? {} : { distanceKm: command.distanceKm }),
      };
      const url = `/api/cardio/logs/${id}`;
      if (!log) return { method: 'PATCH', url, body: change, status: 404, commit: nothing };
      if (machineId !== undefined && !me.machines.has(machineId)) return { method: 'PATCH', url, body: change, status: 400, commit: nothing };
      return { method: 'PATCH', url, body: change, status: 200, commit: () => void Object.assign(log, change) };
    }
    case 'remove-cardio': {
      const id = ref(command.log, 'cardioLogs');
      const url = `/api/cardio/logs/${id}`;
      if (!me.cardioLogs.has(id)) return { method: 'DELETE', url, status: 404, commit: nothing };
      return { method: 'DELETE', url, status: 204, commit: () => void me.cardioLogs.delete(id) };
    }
  }
}
