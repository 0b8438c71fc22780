// Test support for query-api/club/reference.int.test.ts: the club folded in memory from the commands
// a test sent, with plain code written from spec 002 Part A, docs/design.md ("Club nights") and the
// routes' OpenAPI descriptions, never from the SQL. Each `step…` function is one command: it says
// what the command API must answer and, when that is a success, changes the club as the command
// does. The `…Answer` functions are what each GET route must answer. Imported only by tests.
//
// The club is one per database and test sequences share it, so the reference holds only what its
// own sequence made (venues, their slots, people, nights); levels and the club's settings are whole
// because each sequence starts from none and sets the club first. Ids the server makes (venues,
// levels, slots, nights opened without one) are taken from its answers.
//
// One module per part: the shapes (reference/model.ts), the steps of settings, people and nights,
// and the GET routes' answers.

export * from './reference/model.ts';
export * from './reference/settings.ts';
export * from './reference/people.ts';
export * from './reference/nights.ts';
export * from './reference/answers.ts';
