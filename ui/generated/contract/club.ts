// Generated from the club service's GET /api/openapi.json by `npm run contract`; do not edit.
// A test fails when this file and the running document differ.

export interface paths {
    readonly "/api/auth/login": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Log in; sets the session cookie
         * @description At most 10 failed sign-ins per client address in 15 minutes; an account locks for a while after 5 failures in a row. The session cookie works only on this service. A login lasts 90 days and is renewed for 90 more when used past half of that, but never past 365 days after sign-in: then the user signs in again, however often the login was used.
         */
        readonly post: operations["logIn"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/auth/logout": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /** Sign out this device: ends its session and clears the cookie */
        readonly post: operations["logOut"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/auth/me": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** The logged-in account */
        readonly get: operations["getMe"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/auth/password": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * Change one's own password; every other session of the account ends
         * @description Only for accounts whose canChangePassword is on. At most 10 attempts per client address in 15 minutes.
         */
        readonly post: operations["changePassword"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/health": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** Health check */
        readonly get: operations["getHealth"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/health/ready": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** Ready to serve: PostgreSQL answers and the read tables have caught up with the log */
        readonly get: operations["getReadiness"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/levels": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /** Add a level: last in rank, or first when it is the (only) coach level */
        readonly post: operations["addLevel"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/levels/{id}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        readonly post?: never;
        /** Remove a level nobody holds; the ranks below move up */
        readonly delete: operations["removeLevel"];
        readonly options?: never;
        readonly head?: never;
        /** Rename a level */
        readonly patch: operations["updateLevel"];
        readonly trace?: never;
    };
    readonly "/api/levels/order": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        /** Reorder the levels: exactly the existing ids, strongest first; the coach level stays first */
        readonly put: operations["reorderLevels"];
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/players": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** People of the club by name; guests (someone who came once) are never listed */
        readonly get: operations["listPlayers"];
        readonly put?: never;
        /** Add a person with an id made by the client (a cuid); the same id again answers 200 with the person as they are */
        readonly post: operations["addPlayer"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/players/{id}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** One person, guests and archived people included */
        readonly get: operations["getPlayer"];
        readonly put?: never;
        readonly post?: never;
        /** Delete a person added by mistake; refused with 409 once they are in a night or a round (archive them instead) */
        readonly delete: operations["removePlayer"];
        readonly options?: never;
        readonly head?: never;
        /** Rename, re-level, archive or restore a person, or mark them a guest or not */
        readonly patch: operations["updatePlayer"];
        readonly trace?: never;
    };
    readonly "/api/public/schedule": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** The public schedule: active venues in sort order with their weekly slots; needs no login */
        readonly get: operations["getPublicSchedule"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/sessions": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** The Calendar: nights from one club-local date to another, both included (at most 366 days) */
        readonly get: operations["listNights"];
        readonly put?: never;
        /** Open a night at a venue on a club-local date; opening the same venue, date and start again answers the night already open (200) */
        readonly post: operations["openNight"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/sessions/{id}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** One night, whole: people with the level of that night, line-up, timer, finished rounds, version */
        readonly get: operations["getNight"];
        /** Save the whole night as the phone holds it, with the version it started from: 200 {version} (the new one), or 409 {current} (the server copy) when another phone saved first */
        readonly put: operations["saveNight"];
        readonly post?: never;
        /** Delete a night opened by mistake; refused with 409 once a round is filed */
        readonly delete: operations["deleteNight"];
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/sessions/{id}/close": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /** Close the night; its version moves on, so a phone still editing gets the closed copy */
        readonly post: operations["closeNight"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/sessions/{id}/reopen": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /** Reopen a closed night; round numbers continue after its last round */
        readonly post: operations["reopenNight"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/sessions/{id}/versions": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** The versions of a night, newest first: each change that made one (opened, saved, restored, closed, reopened), when, and what changed */
        readonly get: operations["listNightVersions"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/sessions/{id}/versions/{version}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** The night as it stood right after one of its versions, in the shape of GET /api/sessions/{id} */
        readonly get: operations["getNightVersion"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/sessions/{id}/versions/{version}/restore": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /** Save an older version of the night as its newest: one more version with that night, nothing earlier rewritten. Built on expectedVersion like a save: 409 {current} when another phone saved first */
        readonly post: operations["restoreNightVersion"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/settings": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** Club settings, levels (by rank) and venues (by sort order, name) with their weekly slots */
        readonly get: operations["getSettings"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/settings/club": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        /** Change the default courts and round length */
        readonly put: operations["updateClubSettings"];
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/slots/{id}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        readonly post?: never;
        /** Remove a weekly slot */
        readonly delete: operations["removeSlot"];
        readonly options?: never;
        readonly head?: never;
        /** Move a weekly slot to another weekday or time */
        readonly patch: operations["updateSlot"];
        readonly trace?: never;
    };
    readonly "/api/today": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /** Today: the weekly slots of active venues on the client's date, each with its night once opened, and every night of that date */
        readonly get: operations["getToday"];
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/venues": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /** Add a venue */
        readonly post: operations["addVenue"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/venues/{id}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        readonly post?: never;
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        /** Rename, reorder, activate or deactivate a venue */
        readonly patch: operations["updateVenue"];
        readonly trace?: never;
    };
    readonly "/api/venues/{id}/slots": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /** Add a weekly slot to a venue (weekday 0 = Sunday, HH:mm times, start before end) */
        readonly post: operations["addSlot"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        readonly ClubUser: {
            readonly canChangePassword: boolean;
            readonly id: string;
            readonly username: string;
        };
        readonly Error: {
            readonly code: string;
            readonly error: string;
            readonly message: string;
            readonly statusCode: number;
        };
        readonly Ok: {
            /** @constant */
            readonly ok: true;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    readonly logIn: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly password: string;
                    readonly username: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["ClubUser"];
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly logOut: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly getMe: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["ClubUser"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly changePassword: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly currentPassword: string;
                    readonly newPassword: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        /** @enum {boolean} */
                        readonly ok: true;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 429: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly getHealth: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        /** @enum {string} */
                        readonly status: "ok";
                    } & {
                        readonly [key: string]: unknown;
                    };
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly getReadiness: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        /** @enum {string} */
                        readonly database: "ok";
                        readonly projections: {
                            readonly [key: string]: {
                                readonly checkpoint: string;
                                /** @enum {string} */
                                readonly state: "caught-up";
                            };
                        };
                        /** @enum {string} */
                        readonly status: "ok";
                    };
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly addLevel: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @default false */
                    readonly isCoach?: boolean;
                    readonly name: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly removeLevel: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly updateLevel: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly reorderLevels: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly order: readonly string[];
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly listPlayers: {
        readonly parameters: {
            readonly query?: {
                /** @description true lists the archived people instead */
                readonly archived?: "true" | "false";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly players: readonly {
                            readonly archived: boolean;
                            readonly createdAt: string;
                            readonly guest: boolean;
                            readonly id: string;
                            readonly levelId: string | null;
                            readonly name: string;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly addPlayer: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @default false */
                    readonly guest?: boolean;
                    readonly id: string;
                    /** @default null */
                    readonly levelId?: string | null;
                    readonly name: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly archived: boolean;
                        readonly createdAt: string;
                        readonly guest: boolean;
                        readonly id: string;
                        readonly levelId: string | null;
                        readonly name: string;
                    };
                };
            };
            /** @description Default Response */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly archived: boolean;
                        readonly createdAt: string;
                        readonly guest: boolean;
                        readonly id: string;
                        readonly levelId: string | null;
                        readonly name: string;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly getPlayer: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly archived: boolean;
                        readonly createdAt: string;
                        readonly guest: boolean;
                        readonly id: string;
                        readonly levelId: string | null;
                        readonly name: string;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly removePlayer: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        /** @enum {boolean} */
                        readonly ok: true;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly updatePlayer: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly archived?: boolean;
                    readonly guest?: boolean;
                    readonly levelId?: string | null;
                    readonly name?: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly archived: boolean;
                        readonly createdAt: string;
                        readonly guest: boolean;
                        readonly id: string;
                        readonly levelId: string | null;
                        readonly name: string;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly getPublicSchedule: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly venues: readonly {
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                        }[];
                    };
                };
            };
        };
    };
    readonly listNights: {
        readonly parameters: {
            readonly query: {
                /** @description YYYY-MM-DD, a real calendar date between 1900-01-01 and 2999-12-31 */
                readonly from: string & (unknown & unknown);
                /** @description YYYY-MM-DD, a real calendar date between 1900-01-01 and 2999-12-31 */
                readonly to: string & (unknown & unknown);
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly sessions: readonly {
                            readonly courts: number;
                            readonly date: string;
                            readonly endTime: string;
                            readonly id: string;
                            readonly people: number;
                            readonly rounds: number;
                            readonly startTime: string;
                            /** @enum {string} */
                            readonly status: "open" | "closed";
                            readonly venueId: string;
                            readonly venueName: string | null;
                            readonly version: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly openNight: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @description default: the club setting */
                    readonly courts?: number;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD, a real calendar date between 1900-01-01 and 2999-12-31
                     */
                    readonly date: string & (unknown & unknown);
                    readonly endTime?: string;
                    /** @description made by the client to open a night offline; one is made when absent */
                    readonly id?: string;
                    /** @description default: the club setting */
                    readonly roundLengthSec?: number;
                    /** @description default: the venue's weekly slot on that weekday */
                    readonly startTime?: string;
                    readonly venueId: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly courts: number;
                        readonly date: string;
                        readonly endTime: string;
                        readonly id: string;
                        readonly lineUp: readonly {
                            readonly court: number;
                            readonly teamA: readonly [
                                string,
                                string
                            ];
                            readonly teamB: readonly [
                                string,
                                string
                            ];
                        }[];
                        readonly openedAt: string;
                        readonly people: readonly {
                            readonly guest: boolean;
                            readonly id: string;
                            readonly levelId: string | null;
                            readonly levelName: string | null;
                            readonly levelRank: number | null;
                            readonly name: string;
                        }[];
                        /** @description the current name in People of each person on a filed round who is not among the night's people: for rounds filed without names */
                        readonly playerNames: {
                            readonly [key: string]: string;
                        };
                        readonly roundLengthSec: number;
                        readonly rounds: readonly {
                            readonly endedAt: string;
                            readonly lineUp: readonly {
                                readonly court: number;
                                readonly teamA: readonly [
                                    string,
                                    string
                                ];
                                readonly teamB: readonly [
                                    string,
                                    string
                                ];
                            }[];
                            /** @description each player's name as the phone filed it with the round; absent in rounds filed by older builds */
                            readonly names?: {
                                readonly [key: string]: string;
                            };
                            readonly number: number;
                            /** @description who was here and not on its courts when it was filed; absent: nobody, or filed by an older build */
                            readonly sittingOut?: readonly string[];
                            readonly startedAt: string;
                        }[];
                        /** @description people of the night sitting out the round in play; empty: nobody (also for nights saved before sitting out existed) */
                        readonly sittingOut: readonly string[];
                        readonly startTime: string;
                        /** @enum {string} */
                        readonly status: "open" | "closed";
                        readonly timer: {
                            readonly durationSec: number;
                            readonly pausedRemainingSec: number | null;
                            readonly roundNumber: number;
                            readonly roundStartedAt: string | null;
                            readonly startedAt: string | null;
                        } | null;
                        readonly updatedAt: string;
                        readonly venueId: string;
                        readonly venueName: string | null;
                        readonly version: number;
                    };
                };
            };
            /** @description Default Response */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly courts: number;
                        readonly date: string;
                        readonly endTime: string;
                        readonly id: string;
                        readonly lineUp: readonly {
                            readonly court: number;
                            readonly teamA: readonly [
                                string,
                                string
                            ];
                            readonly teamB: readonly [
                                string,
                                string
                            ];
                        }[];
                        readonly openedAt: string;
                        readonly people: readonly {
                            readonly guest: boolean;
                            readonly id: string;
                            readonly levelId: string | null;
                            readonly levelName: string | null;
                            readonly levelRank: number | null;
                            readonly name: string;
                        }[];
                        /** @description the current name in People of each person on a filed round who is not among the night's people: for rounds filed without names */
                        readonly playerNames: {
                            readonly [key: string]: string;
                        };
                        readonly roundLengthSec: number;
                        readonly rounds: readonly {
                            readonly endedAt: string;
                            readonly lineUp: readonly {
                                readonly court: number;
                                readonly teamA: readonly [
                                    string,
                                    string
                                ];
                                readonly teamB: readonly [
                                    string,
                                    string
                                ];
                            }[];
                            /** @description each player's name as the phone filed it with the round; absent in rounds filed by older builds */
                            readonly names?: {
                                readonly [key: string]: string;
                            };
                            readonly number: number;
                            /** @description who was here and not on its courts when it was filed; absent: nobody, or filed by an older build */
                            readonly sittingOut?: readonly string[];
                            readonly startedAt: string;
                        }[];
                        /** @description people of the night sitting out the round in play; empty: nobody (also for nights saved before sitting out existed) */
                        readonly sittingOut: readonly string[];
                        readonly startTime: string;
                        /** @enum {string} */
                        readonly status: "open" | "closed";
                        readonly timer: {
                            readonly durationSec: number;
                            readonly pausedRemainingSec: number | null;
                            readonly roundNumber: number;
                            readonly roundStartedAt: string | null;
                            readonly startedAt: string | null;
                        } | null;
                        readonly updatedAt: string;
                        readonly venueId: string;
                        readonly venueName: string | null;
                        readonly version: number;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly getNight: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly courts: number;
                        readonly date: string;
                        readonly endTime: string;
                        readonly id: string;
                        readonly lineUp: readonly {
                            readonly court: number;
                            readonly teamA: readonly [
                                string,
                                string
                            ];
                            readonly teamB: readonly [
                                string,
                                string
                            ];
                        }[];
                        readonly openedAt: string;
                        readonly people: readonly {
                            readonly guest: boolean;
                            readonly id: string;
                            readonly levelId: string | null;
                            readonly levelName: string | null;
                            readonly levelRank: number | null;
                            readonly name: string;
                        }[];
                        /** @description the current name in People of each person on a filed round who is not among the night's people: for rounds filed without names */
                        readonly playerNames: {
                            readonly [key: string]: string;
                        };
                        readonly roundLengthSec: number;
                        readonly rounds: readonly {
                            readonly endedAt: string;
                            readonly lineUp: readonly {
                                readonly court: number;
                                readonly teamA: readonly [
                                    string,
                                    string
                                ];
                                readonly teamB: readonly [
                                    string,
                                    string
                                ];
                            }[];
                            /** @description each player's name as the phone filed it with the round; absent in rounds filed by older builds */
                            readonly names?: {
                                readonly [key: string]: string;
                            };
                            readonly number: number;
                            /** @description who was here and not on its courts when it was filed; absent: nobody, or filed by an older build */
                            readonly sittingOut?: readonly string[];
                            readonly startedAt: string;
                        }[];
                        /** @description people of the night sitting out the round in play; empty: nobody (also for nights saved before sitting out existed) */
                        readonly sittingOut: readonly string[];
                        readonly startTime: string;
                        /** @enum {string} */
                        readonly status: "open" | "closed";
                        readonly timer: {
                            readonly durationSec: number;
                            readonly pausedRemainingSec: number | null;
                            readonly roundNumber: number;
                            readonly roundStartedAt: string | null;
                            readonly startedAt: string | null;
                        } | null;
                        readonly updatedAt: string;
                        readonly venueId: string;
                        readonly venueName: string | null;
                        readonly version: number;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly saveNight: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly courts: number;
                    /**
                     * Format: date
                     * @description YYYY-MM-DD, a real calendar date between 1900-01-01 and 2999-12-31
                     */
                    readonly date: string & (unknown & unknown);
                    readonly endTime: string;
                    readonly lineUp: readonly {
                        readonly court: number;
                        readonly teamA: readonly [
                            string,
                            string
                        ];
                        readonly teamB: readonly [
                            string,
                            string
                        ];
                    }[];
                    readonly people: readonly {
                        /** @default false */
                        readonly guest?: boolean;
                        readonly id: string;
                        readonly levelId: string | null;
                        readonly name: string;
                    }[];
                    readonly roundLengthSec: number;
                    readonly rounds: readonly {
                        /**
                         * Format: date-time
                         * @description ISO 8601 instant with an offset, between 1900-01-01 and 2999-12-31
                         */
                        readonly endedAt: string & (unknown & unknown);
                        readonly lineUp: readonly {
                            readonly court: number;
                            readonly teamA: readonly [
                                string,
                                string
                            ];
                            readonly teamB: readonly [
                                string,
                                string
                            ];
                        }[];
                        /** @description each player's name as the phone had it when the round was filed, by player id: only people on that round's courts or sitting it out */
                        readonly names?: {
                            readonly [key: string]: string;
                        };
                        readonly number: number;
                        /** @description who was here and not on its courts when it was filed (sitting out, or come during it); absent: nobody */
                        readonly sittingOut?: readonly string[];
                        /**
                         * Format: date-time
                         * @description ISO 8601 instant with an offset, between 1900-01-01 and 2999-12-31
                         */
                        readonly startedAt: string & (unknown & unknown);
                    }[];
                    /** @description people of the night sitting out the round in play (never on its courts); the shuffle draws from the others. Absent: nobody */
                    readonly sittingOut?: readonly string[];
                    /** @description a cuid the phone makes for its change on top of `version`, sent with every save from that version: a save after one whose answer was lost is not a conflict */
                    readonly snapshotId?: string;
                    /** @description rises with each change the phone makes under one snapshotId: a save whose snapshotSeq is not above the last accepted one of that id is a late or repeated copy: answered 200 with the current version when it holds the saved night, else 409 with the current night */
                    readonly snapshotSeq?: number;
                    readonly startTime: string;
                    readonly timer: {
                        readonly durationSec: number;
                        readonly pausedRemainingSec: number | null;
                        readonly roundNumber: number;
                        /** @default null */
                        readonly roundStartedAt?: (string & (unknown & unknown)) | null;
                        readonly startedAt: (string & (unknown & unknown)) | null;
                    } | null;
                    readonly venueId: string;
                    readonly version: number;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly version: number;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly code: string;
                        readonly current: {
                            readonly courts: number;
                            readonly date: string;
                            readonly endTime: string;
                            readonly id: string;
                            readonly lineUp: readonly {
                                readonly court: number;
                                readonly teamA: readonly [
                                    string,
                                    string
                                ];
                                readonly teamB: readonly [
                                    string,
                                    string
                                ];
                            }[];
                            readonly openedAt: string;
                            readonly people: readonly {
                                readonly guest: boolean;
                                readonly id: string;
                                readonly levelId: string | null;
                                readonly levelName: string | null;
                                readonly levelRank: number | null;
                                readonly name: string;
                            }[];
                            /** @description the current name in People of each person on a filed round who is not among the night's people: for rounds filed without names */
                            readonly playerNames: {
                                readonly [key: string]: string;
                            };
                            readonly roundLengthSec: number;
                            readonly rounds: readonly {
                                readonly endedAt: string;
                                readonly lineUp: readonly {
                                    readonly court: number;
                                    readonly teamA: readonly [
                                        string,
                                        string
                                    ];
                                    readonly teamB: readonly [
                                        string,
                                        string
                                    ];
                                }[];
                                /** @description each player's name as the phone filed it with the round; absent in rounds filed by older builds */
                                readonly names?: {
                                    readonly [key: string]: string;
                                };
                                readonly number: number;
                                /** @description who was here and not on its courts when it was filed; absent: nobody, or filed by an older build */
                                readonly sittingOut?: readonly string[];
                                readonly startedAt: string;
                            }[];
                            /** @description people of the night sitting out the round in play; empty: nobody (also for nights saved before sitting out existed) */
                            readonly sittingOut: readonly string[];
                            readonly startTime: string;
                            /** @enum {string} */
                            readonly status: "open" | "closed";
                            readonly timer: {
                                readonly durationSec: number;
                                readonly pausedRemainingSec: number | null;
                                readonly roundNumber: number;
                                readonly roundStartedAt: string | null;
                                readonly startedAt: string | null;
                            } | null;
                            readonly updatedAt: string;
                            readonly venueId: string;
                            readonly venueName: string | null;
                            readonly version: number;
                        };
                        readonly error: string;
                        readonly message: string;
                        readonly statusCode: number;
                    };
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly deleteNight: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        /** @enum {boolean} */
                        readonly ok: true;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly closeNight: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly courts: number;
                        readonly date: string;
                        readonly endTime: string;
                        readonly id: string;
                        readonly lineUp: readonly {
                            readonly court: number;
                            readonly teamA: readonly [
                                string,
                                string
                            ];
                            readonly teamB: readonly [
                                string,
                                string
                            ];
                        }[];
                        readonly openedAt: string;
                        readonly people: readonly {
                            readonly guest: boolean;
                            readonly id: string;
                            readonly levelId: string | null;
                            readonly levelName: string | null;
                            readonly levelRank: number | null;
                            readonly name: string;
                        }[];
                        /** @description the current name in People of each person on a filed round who is not among the night's people: for rounds filed without names */
                        readonly playerNames: {
                            readonly [key: string]: string;
                        };
                        readonly roundLengthSec: number;
                        readonly rounds: readonly {
                            readonly endedAt: string;
                            readonly lineUp: readonly {
                                readonly court: number;
                                readonly teamA: readonly [
                                    string,
                                    string
                                ];
                                readonly teamB: readonly [
                                    string,
                                    string
                                ];
                            }[];
                            /** @description each player's name as the phone filed it with the round; absent in rounds filed by older builds */
                            readonly names?: {
                                readonly [key: string]: string;
                            };
                            readonly number: number;
                            /** @description who was here and not on its courts when it was filed; absent: nobody, or filed by an older build */
                            readonly sittingOut?: readonly string[];
                            readonly startedAt: string;
                        }[];
                        /** @description people of the night sitting out the round in play; empty: nobody (also for nights saved before sitting out existed) */
                        readonly sittingOut: readonly string[];
                        readonly startTime: string;
                        /** @enum {string} */
                        readonly status: "open" | "closed";
                        readonly timer: {
                            readonly durationSec: number;
                            readonly pausedRemainingSec: number | null;
                            readonly roundNumber: number;
                            readonly roundStartedAt: string | null;
                            readonly startedAt: string | null;
                        } | null;
                        readonly updatedAt: string;
                        readonly venueId: string;
                        readonly venueName: string | null;
                        readonly version: number;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly reopenNight: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly courts: number;
                        readonly date: string;
                        readonly endTime: string;
                        readonly id: string;
                        readonly lineUp: readonly {
                            readonly court: number;
                            readonly teamA: readonly [
                                string,
                                string
                            ];
                            readonly teamB: readonly [
                                string,
                                string
                            ];
                        }[];
                        readonly openedAt: string;
                        readonly people: readonly {
                            readonly guest: boolean;
                            readonly id: string;
                            readonly levelId: string | null;
                            readonly levelName: string | null;
                            readonly levelRank: number | null;
                            readonly name: string;
                        }[];
                        /** @description the current name in People of each person on a filed round who is not among the night's people: for rounds filed without names */
                        readonly playerNames: {
                            readonly [key: string]: string;
                        };
                        readonly roundLengthSec: number;
                        readonly rounds: readonly {
                            readonly endedAt: string;
                            readonly lineUp: readonly {
                                readonly court: number;
                                readonly teamA: readonly [
                                    string,
                                    string
                                ];
                                readonly teamB: readonly [
                                    string,
                                    string
                                ];
                            }[];
                            /** @description each player's name as the phone filed it with the round; absent in rounds filed by older builds */
                            readonly names?: {
                                readonly [key: string]: string;
                            };
                            readonly number: number;
                            /** @description who was here and not on its courts when it was filed; absent: nobody, or filed by an older build */
                            readonly sittingOut?: readonly string[];
                            readonly startedAt: string;
                        }[];
                        /** @description people of the night sitting out the round in play; empty: nobody (also for nights saved before sitting out existed) */
                        readonly sittingOut: readonly string[];
                        readonly startTime: string;
                        /** @enum {string} */
                        readonly status: "open" | "closed";
                        readonly timer: {
                            readonly durationSec: number;
                            readonly pausedRemainingSec: number | null;
                            readonly roundNumber: number;
                            readonly roundStartedAt: string | null;
                            readonly startedAt: string | null;
                        } | null;
                        readonly updatedAt: string;
                        readonly venueId: string;
                        readonly venueName: string | null;
                        readonly version: number;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly listNightVersions: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly id: string;
                        /** @description the newest version */
                        readonly version: number;
                        readonly versions: readonly {
                            /** @description what changed against the version before, in short phrases */
                            readonly changes: readonly string[];
                            /** @enum {string} */
                            readonly kind: "opened" | "saved" | "restored" | "closed" | "reopened";
                            /** @description when the change was recorded (ISO 8601, UTC) */
                            readonly recordedAt: string;
                            /** @description for a restore, the older version it put back */
                            readonly restoredFrom: number | null;
                            /** @description the night’s version right after this change: the number a save names as the one it builds on */
                            readonly version: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly getNightVersion: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
                /** @description a version of the night, as GET /api/sessions/{id}/versions lists them */
                readonly version: number;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly courts: number;
                        readonly date: string;
                        readonly endTime: string;
                        readonly id: string;
                        readonly lineUp: readonly {
                            readonly court: number;
                            readonly teamA: readonly [
                                string,
                                string
                            ];
                            readonly teamB: readonly [
                                string,
                                string
                            ];
                        }[];
                        readonly openedAt: string;
                        readonly people: readonly {
                            readonly guest: boolean;
                            readonly id: string;
                            readonly levelId: string | null;
                            readonly levelName: string | null;
                            readonly levelRank: number | null;
                            readonly name: string;
                        }[];
                        /** @description the current name in People of each person on a filed round who is not among the night's people: for rounds filed without names */
                        readonly playerNames: {
                            readonly [key: string]: string;
                        };
                        readonly roundLengthSec: number;
                        readonly rounds: readonly {
                            readonly endedAt: string;
                            readonly lineUp: readonly {
                                readonly court: number;
                                readonly teamA: readonly [
                                    string,
                                    string
                                ];
                                readonly teamB: readonly [
                                    string,
                                    string
                                ];
                            }[];
                            /** @description each player's name as the phone filed it with the round; absent in rounds filed by older builds */
                            readonly names?: {
                                readonly [key: string]: string;
                            };
                            readonly number: number;
                            /** @description who was here and not on its courts when it was filed; absent: nobody, or filed by an older build */
                            readonly sittingOut?: readonly string[];
                            readonly startedAt: string;
                        }[];
                        /** @description people of the night sitting out the round in play; empty: nobody (also for nights saved before sitting out existed) */
                        readonly sittingOut: readonly string[];
                        readonly startTime: string;
                        /** @enum {string} */
                        readonly status: "open" | "closed";
                        readonly timer: {
                            readonly durationSec: number;
                            readonly pausedRemainingSec: number | null;
                            readonly roundNumber: number;
                            readonly roundStartedAt: string | null;
                            readonly startedAt: string | null;
                        } | null;
                        readonly updatedAt: string;
                        readonly venueId: string;
                        readonly venueName: string | null;
                        readonly version: number;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly restoreNightVersion: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
                /** @description a version of the night, as GET /api/sessions/{id}/versions lists them */
                readonly version: number;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @description the night’s newest version as this phone knows it (what a save sends as `version`); another answers 409 {current} */
                    readonly expectedVersion: number;
                    /** @description the phone’s id for its change on top of expectedVersion, as a save sends it: a restore sent again after its answer was lost answers the night it made */
                    readonly snapshotId?: string;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly courts: number;
                        readonly date: string;
                        readonly endTime: string;
                        readonly id: string;
                        readonly lineUp: readonly {
                            readonly court: number;
                            readonly teamA: readonly [
                                string,
                                string
                            ];
                            readonly teamB: readonly [
                                string,
                                string
                            ];
                        }[];
                        readonly openedAt: string;
                        readonly people: readonly {
                            readonly guest: boolean;
                            readonly id: string;
                            readonly levelId: string | null;
                            readonly levelName: string | null;
                            readonly levelRank: number | null;
                            readonly name: string;
                        }[];
                        /** @description the current name in People of each person on a filed round who is not among the night's people: for rounds filed without names */
                        readonly playerNames: {
                            readonly [key: string]: string;
                        };
                        readonly roundLengthSec: number;
                        readonly rounds: readonly {
                            readonly endedAt: string;
                            readonly lineUp: readonly {
                                readonly court: number;
                                readonly teamA: readonly [
                                    string,
                                    string
                                ];
                                readonly teamB: readonly [
                                    string,
                                    string
                                ];
                            }[];
                            /** @description each player's name as the phone filed it with the round; absent in rounds filed by older builds */
                            readonly names?: {
                                readonly [key: string]: string;
                            };
                            readonly number: number;
                            /** @description who was here and not on its courts when it was filed; absent: nobody, or filed by an older build */
                            readonly sittingOut?: readonly string[];
                            readonly startedAt: string;
                        }[];
                        /** @description people of the night sitting out the round in play; empty: nobody (also for nights saved before sitting out existed) */
                        readonly sittingOut: readonly string[];
                        readonly startTime: string;
                        /** @enum {string} */
                        readonly status: "open" | "closed";
                        readonly timer: {
                            readonly durationSec: number;
                            readonly pausedRemainingSec: number | null;
                            readonly roundNumber: number;
                            readonly roundStartedAt: string | null;
                            readonly startedAt: string | null;
                        } | null;
                        readonly updatedAt: string;
                        readonly venueId: string;
                        readonly venueName: string | null;
                        readonly version: number;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly code: string;
                        readonly current: {
                            readonly courts: number;
                            readonly date: string;
                            readonly endTime: string;
                            readonly id: string;
                            readonly lineUp: readonly {
                                readonly court: number;
                                readonly teamA: readonly [
                                    string,
                                    string
                                ];
                                readonly teamB: readonly [
                                    string,
                                    string
                                ];
                            }[];
                            readonly openedAt: string;
                            readonly people: readonly {
                                readonly guest: boolean;
                                readonly id: string;
                                readonly levelId: string | null;
                                readonly levelName: string | null;
                                readonly levelRank: number | null;
                                readonly name: string;
                            }[];
                            /** @description the current name in People of each person on a filed round who is not among the night's people: for rounds filed without names */
                            readonly playerNames: {
                                readonly [key: string]: string;
                            };
                            readonly roundLengthSec: number;
                            readonly rounds: readonly {
                                readonly endedAt: string;
                                readonly lineUp: readonly {
                                    readonly court: number;
                                    readonly teamA: readonly [
                                        string,
                                        string
                                    ];
                                    readonly teamB: readonly [
                                        string,
                                        string
                                    ];
                                }[];
                                /** @description each player's name as the phone filed it with the round; absent in rounds filed by older builds */
                                readonly names?: {
                                    readonly [key: string]: string;
                                };
                                readonly number: number;
                                /** @description who was here and not on its courts when it was filed; absent: nobody, or filed by an older build */
                                readonly sittingOut?: readonly string[];
                                readonly startedAt: string;
                            }[];
                            /** @description people of the night sitting out the round in play; empty: nobody (also for nights saved before sitting out existed) */
                            readonly sittingOut: readonly string[];
                            readonly startTime: string;
                            /** @enum {string} */
                            readonly status: "open" | "closed";
                            readonly timer: {
                                readonly durationSec: number;
                                readonly pausedRemainingSec: number | null;
                                readonly roundNumber: number;
                                readonly roundStartedAt: string | null;
                                readonly startedAt: string | null;
                            } | null;
                            readonly updatedAt: string;
                            readonly venueId: string;
                            readonly venueName: string | null;
                            readonly version: number;
                        };
                        readonly error: string;
                        readonly message: string;
                        readonly statusCode: number;
                    };
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly getSettings: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly updateClubSettings: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly defaultCourts: number;
                    readonly roundLengthSec: number;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly removeSlot: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly updateSlot: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly end?: string;
                    readonly start?: string;
                    readonly weekday?: number;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly getToday: {
        readonly parameters: {
            readonly query: {
                /** @description YYYY-MM-DD, a real calendar date between 1900-01-01 and 2999-12-31 */
                readonly date: string & (unknown & unknown);
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly date: string;
                        readonly sessions: readonly {
                            readonly courts: number;
                            readonly date: string;
                            readonly endTime: string;
                            readonly id: string;
                            readonly people: number;
                            readonly rounds: number;
                            readonly startTime: string;
                            /** @enum {string} */
                            readonly status: "open" | "closed";
                            readonly venueId: string;
                            readonly venueName: string | null;
                            readonly version: number;
                        }[];
                        readonly slots: readonly {
                            readonly end: string;
                            readonly sessionId: string | null;
                            readonly start: string;
                            readonly venueId: string;
                            readonly venueName: string;
                        }[];
                        readonly weekday: number;
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly addVenue: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @default true */
                    readonly active?: boolean;
                    readonly name: string;
                    readonly sortOrder?: number;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly updateVenue: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly active?: boolean;
                    readonly name?: string;
                    readonly sortOrder?: number;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readonly addSlot: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly end: string;
                    readonly start: string;
                    readonly weekday: number;
                };
            };
        };
        readonly responses: {
            /** @description Default Response */
            readonly 200: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 201: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": {
                        readonly club: {
                            readonly defaultCourts: number;
                            readonly roundLengthSec: number;
                        };
                        readonly levels: readonly {
                            readonly id: string;
                            readonly isCoach: boolean;
                            readonly name: string;
                            readonly rank: number;
                        }[];
                        readonly venues: readonly {
                            readonly active: boolean;
                            readonly id: string;
                            readonly name: string;
                            readonly slots: readonly {
                                readonly end: string;
                                readonly id: string;
                                readonly start: string;
                                readonly weekday: number;
                            }[];
                            readonly sortOrder: number;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            readonly 400: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 401: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 403: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 404: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 409: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 415: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            readonly 503: {
                headers: {
                    readonly [name: string]: unknown;
                };
                content: {
                    readonly "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
