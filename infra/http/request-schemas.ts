// Path and query shapes that command and query routes both take: HTTP's, not a read model's.
import { z } from 'zod';
import { dateSchema } from '../../domain/shared/calendar.ts';

export const idParams = z.object({ id: z.uuid() });

/** An inclusive date range in the client's calendar; both ends optional. */
export const dateRangeQuery = z
  .object({ from: dateSchema.optional(), to: dateSchema.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: 'must not be after to', path: ['from'] });
