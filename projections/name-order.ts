import { sql } from 'slonik';

/**
 * Written after a name in an ORDER BY: names in the order of domain/shared/names.ts's
 * compareNames, Unicode's root collation, so that a list the server sorts and the same list the
 * phone or the reference sorts agree (lower(name) in the database's C.UTF-8 put "Écarté" after
 * "Zercher", where the phone put it beside "Elevation").
 */
export const NAME_ORDER = sql.fragment`COLLATE "und-x-icu"`;
