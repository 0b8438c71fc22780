// Test support for the gym read side's reference check: what each GET route of the gym must answer
// for the commands folded so far (model.ts), computed with plain code. Each function is
// the executable statement of a read rule: spec 000 where it says, else the route's OpenAPI summary
// (quoted beside it) and docs/design.md; where both are silent, the order the route documents.
//
// One module per group of routes (reads/); what they share is reads/views.ts.
export { type Expected, type Range, weekStartOf } from './reads/views.ts';
export * from './reads/library.ts';
export * from './reads/progress.ts';
export * from './reads/history.ts';
