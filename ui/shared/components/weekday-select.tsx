import { WEEKDAYS } from '../weekdays.ts';

/** A choice of weekday by its number, Sunday 0; `id` is for the label that names it. */
export function WeekdaySelect({ id, value, onChange }: { readonly id: string; readonly value: number; readonly onChange: (weekday: number) => void }) {
  return (
    <select id={id} value={value} onChange={(event) => onChange(Number(event.currentTarget.value))}>
      {WEEKDAYS.map((day, index) => (
        <option key={day} value={index}>
          {day}
        </option>
      ))}
    </select>
  );
}
