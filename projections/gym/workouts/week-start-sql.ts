import { sql, type ValueExpression } from 'slonik';

/**
 * weekStartOf (domain/shared/calendar.ts) in SQL: the start of the week holding `date`, for a week
 * starting on `weekStart` (0 Sunday). The weekday is the day count from a Sunday, modulo 7, in
 * integers: `extract(dow …)` is numeric, and over five years of days it cost stats 1 ms of its 5.
 */
export const weekStartSql = (date: ValueExpression, weekStart: ValueExpression) =>
  sql.fragment`(${date} - ((${date} - DATE '2000-01-02' - ${weekStart}) % 7 + 7) % 7)`;
