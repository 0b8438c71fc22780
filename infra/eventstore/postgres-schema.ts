import type { Migration } from '../postgres/migrations.ts';
import { ERASED_USERS_DDL, FENCE_LOCK_CLASS } from './fence.ts';

// What every version of es.append_batch answers, and the variables each declares first.
const APPEND_BATCH_RESULT_AND_VARIABLES = `     RETURNS TABLE (item integer, ok boolean, actual bigint, last_revision bigint, last_position bigint, tx xid8)
     LANGUAGE plpgsql AS $fn$
     DECLARE
       v_item jsonb;
       v_index integer := -1;
       v_stream text;
       v_expected bigint;
       v_count integer;
       v_revision bigint;
       v_actual bigint;
       v_position bigint;
       v_appended boolean := false;`;
// The walk of one item of an append, from its stream's row to its events and the NOTIFY, the same in
// each version of es.append_batch below but for how the events are inserted (a later version adds
// checks before it). A migration's SQL never changes once shipped: these build it as it was.
const appendOneItem = (insertEvents: string): string => `         v_stream := v_item->>'s';
         v_expected := (v_item->>'e')::bigint;
         v_count := jsonb_array_length(v_item->'ev');
         v_revision := NULL;
         IF v_expected = -1 THEN
           INSERT INTO es.streams AS st (stream_name, revision) VALUES (v_stream, v_count - 1)
           ON CONFLICT (stream_name) DO NOTHING RETURNING st.revision INTO v_revision;
         ELSIF v_expected = -2 THEN
           INSERT INTO es.streams AS st (stream_name, revision) VALUES (v_stream, v_count - 1)
           ON CONFLICT (stream_name) DO UPDATE SET revision = st.revision + v_count RETURNING st.revision INTO v_revision;
         ELSIF v_expected = -3 THEN
           UPDATE es.streams SET revision = revision + v_count WHERE stream_name = v_stream RETURNING revision INTO v_revision;
         ELSE
           UPDATE es.streams SET revision = revision + v_count
           WHERE stream_name = v_stream AND revision = v_expected RETURNING revision INTO v_revision;
         END IF;
         IF v_revision IS NULL THEN
           SELECT s.revision INTO v_actual FROM es.streams s WHERE s.stream_name = v_stream;
           item := v_index; ok := false; actual := coalesce(v_actual, -1);
           last_revision := NULL; last_position := NULL; tx := NULL;
           RETURN NEXT;
         ELSE
${insertEvents}
           item := v_index; ok := true; actual := NULL;
           last_revision := v_revision; last_position := v_position; tx := pg_current_xact_id();
           RETURN NEXT;
           v_appended := true;
         END IF;
       END LOOP;
       IF v_appended THEN
         PERFORM pg_notify('es_appended', pg_current_xact_id()::text);
       END IF;
     END`;
/** The item's events as one set-returning INSERT. */
const INSERT_EVENTS = `           WITH inserted AS (
             INSERT INTO es.events (stream_name, stream_revision, event_id, event_type, data, metadata)
             SELECT v_stream, v_revision - v_count + e.ord, (e.value->>'id')::uuid, e.value->>'type',
                    e.value->'data', e.value->'metadata'
             FROM jsonb_array_elements(v_item->'ev') WITH ORDINALITY AS e(value, ord)
             ORDER BY e.ord
             RETURNING global_position)
           SELECT max(global_position) INTO v_position FROM inserted;`;
/** An item of one event by a plain INSERT … RETURNING, nearly every append; more by the set-returning one. */
const INSERT_ONE_EVENT_OR_MANY = `           IF v_count = 1 THEN
             v_event := v_item->'ev'->0;
             INSERT INTO es.events (stream_name, stream_revision, event_id, event_type, data, metadata)
             VALUES (v_stream, v_revision, (v_event->>'id')::uuid, v_event->>'type', v_event->'data', v_event->'metadata')
             RETURNING global_position INTO v_position;
           ELSE
${INSERT_EVENTS.replace(/^/gm, '  ')}
           END IF;`;;

// Global order is (transaction id, sequence). A reader only sees transactions older than the
// oldest one still running (pg_snapshot_xmin), so an event that commits late can never land
// behind a position a subscriber has already passed.
export const eventStoreMigration: Migration = {
  component: 'eventstore',
  steps: [
    `CREATE SCHEMA IF NOT EXISTS es;
     CREATE TABLE es.streams (
       stream_name text PRIMARY KEY,
       revision bigint NOT NULL
     );
     CREATE TABLE es.events (
       transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
       global_position bigint GENERATED ALWAYS AS IDENTITY,
       stream_name text NOT NULL,
       stream_revision bigint NOT NULL,
       event_id uuid NOT NULL,
       event_type text NOT NULL,
       data jsonb NOT NULL,
       metadata jsonb NOT NULL,
       recorded_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (transaction_id, global_position),
       UNIQUE (stream_name, stream_revision)
     );
     -- Appends several streams' batches in one round trip and one commit. Expected revision codes:
     -- -1 no stream, -2 any, -3 stream exists, n >= 0 exactly n. A conflict skips only its item.
     CREATE FUNCTION es.append_batch(p_items jsonb)
${APPEND_BATCH_RESULT_AND_VARIABLES}
     BEGIN
       FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
         v_index := v_index + 1;
${appendOneItem(INSERT_EVENTS)}
     $fn$;`,
    // The same function with a path of its own for an item of one event, nearly every append: a
    // plain INSERT … RETURNING instead of the set-returning walk of the item's events, 0.255 → 0.213
    // ms for a group of 8 (docs/benchmarks.md, issue 17, fifth pass).
    `CREATE OR REPLACE FUNCTION es.append_batch(p_items jsonb)
${APPEND_BATCH_RESULT_AND_VARIABLES}
       v_event jsonb;
     BEGIN
       FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
         v_index := v_index + 1;
${appendOneItem(INSERT_ONE_EVENT_OR_MANY)}
     $fn$;`,
    // The erasure fence (fence.ts). The adapter passes the acting users its group's events name,
    // sorted, once each; the group holds each one's lock shared until it commits, then asks for the
    // marks, each statement's snapshot taken once every lock is held. One probe per user: an
    // equality on a plain parameter keeps its cached plan, about 9 µs for lock and probe together,
    // where one join of the users to the marks (unnest, or = ANY) cost about 200 µs a call here. An
    // item whose events name a marked user is refused whole with actual -4. The one-argument form,
    // as processes from before the fence call it, finds the actors itself and is fenced the same.
    `${ERASED_USERS_DDL}
     CREATE FUNCTION es.append_batch(p_items jsonb, p_actors text[])
${APPEND_BATCH_RESULT_AND_VARIABLES}
       v_event jsonb;
       v_actor text;
       v_erased text[] := '{}';
     BEGIN
       IF p_actors IS NOT NULL THEN
         FOREACH v_actor IN ARRAY p_actors LOOP
           PERFORM pg_advisory_xact_lock_shared(${FENCE_LOCK_CLASS}, hashtext(v_actor));
         END LOOP;
         FOREACH v_actor IN ARRAY p_actors LOOP
           IF EXISTS (SELECT 1 FROM auth.erased_users WHERE user_hash = sha256(convert_to(v_actor, 'UTF8'))) THEN
             v_erased := v_erased || v_actor;
           END IF;
         END LOOP;
       END IF;
       FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
         v_index := v_index + 1;
         IF cardinality(v_erased) > 0 AND EXISTS (
           SELECT 1 FROM jsonb_array_elements(v_item->'ev') AS e(event) WHERE e.event->'metadata'->>'userId' = ANY (v_erased)
         ) THEN
           item := v_index; ok := false; actual := -4;
           last_revision := NULL; last_position := NULL; tx := NULL;
           RETURN NEXT;
           CONTINUE;
         END IF;
${appendOneItem(INSERT_ONE_EVENT_OR_MANY)}
     $fn$;
     CREATE OR REPLACE FUNCTION es.append_batch(p_items jsonb)
     RETURNS TABLE (item integer, ok boolean, actual bigint, last_revision bigint, last_position bigint, tx xid8)
     LANGUAGE sql AS $fn$
       SELECT * FROM es.append_batch(p_items, ARRAY(
         SELECT DISTINCT e.event->'metadata'->>'userId'
         FROM jsonb_array_elements(p_items) AS i(item), jsonb_array_elements(i.item->'ev') AS e(event)
         WHERE e.event->'metadata'->>'userId' IS NOT NULL
         ORDER BY 1))
     $fn$;`,
  ],
};
