// Generated from the forms service's GET /api/openapi.json by `npm run contract`; do not edit.
// A test fails when this file and the running document differ.

export interface paths {
    readonly "/api/forms/{name}": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The shared answer set of a form; a form not saved yet reads as empty at version 0
         * @description Every save answered before this read arrived is in its answer, with or without x-log-position: a read that arrives while the read side is behind the log waits until it has caught up with the log as it stood (503 NOT_READY with Retry-After past PROJECTION_WAIT_MS; 503 READ_SIDE_STOPPED at once when the forms projector is stopped on an event).
         */
        readonly get: operations["getAnswers"];
        readonly put?: never;
        /**
         * Save the changed questions of a form; answers with the merged document
         * @description Sent keys replace stored ones, others stay; respondent only when sent; every save increments version. A save may carry saveId, its client-made id: a save whose id is among the 50 latest of the form is a retry, answered with the current document, recording nothing and not incrementing version. A text field sent with its base (bases, keyed a:<id>, n:<id>, respondent, summary: the stored text the change was made to) is merged three ways with the stored text when another save changed it since, so both people keep their words. At most 300 keys, each a question of the form's questionnaire with a value its type takes (400 QUESTION_UNKNOWN, ANSWER_INVALID); the stored document at most 10240 bytes (413 DOCUMENT_TOO_LARGE); body at most 200 KB, Origin must be the service's own, 600 saves per client address per 10 minutes; a name without a questionnaire is 404 FORM_NOT_FOUND. Answers as soon as the save is durable, with x-log-position: a read that sends it back waits until the read side has the save.
         */
        readonly post: operations["saveAnswers"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "/api/forms/{name}/questions": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        /**
         * The form's questionnaire: title, intro and questions {id, t, q, o}
         * @description t is one of one, many, short, long, grid. one and many: o lists the options; short and long: no o; grid: o is {rows, columns} and the answer an object from row to column.
         */
        readonly get: operations["getQuestions"];
        readonly put?: never;
        readonly post?: never;
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
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        readonly Error: {
            readonly code: string;
            readonly error: string;
            readonly message: string;
            readonly statusCode: number;
        };
        readonly FormDefinition: {
            readonly intro: string;
            readonly name: string;
            readonly questions: readonly ({
                readonly id: string;
                readonly o: readonly string[];
                readonly q: string;
                /** @constant */
                readonly t: "one";
            } | {
                readonly id: string;
                readonly o: readonly string[];
                readonly q: string;
                /** @constant */
                readonly t: "many";
            } | {
                readonly id: string;
                readonly o?: unknown;
                readonly q: string;
                /** @constant */
                readonly t: "short";
            } | {
                readonly id: string;
                readonly o?: unknown;
                readonly q: string;
                /** @constant */
                readonly t: "long";
            } | {
                readonly id: string;
                readonly o: {
                    readonly columns: readonly string[];
                    readonly rows: readonly string[];
                };
                readonly q: string;
                /** @constant */
                readonly t: "grid";
            })[];
            readonly title: string;
        };
        readonly FormDocument: {
            readonly answers: {
                readonly [key: string]: string | readonly string[] | {
                    readonly [key: string]: string;
                };
            };
            readonly name: string;
            readonly notes: {
                readonly [key: string]: string | readonly string[] | {
                    readonly [key: string]: string;
                };
            };
            readonly respondent: string;
            readonly summary: string;
            readonly updatedAt: string | null;
            readonly version: number;
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
    readonly getAnswers: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly name: string;
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
                    readonly "application/json": components["schemas"]["FormDocument"];
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
            readonly 404: {
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
    readonly saveAnswers: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly name: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @default {} */
                    readonly answers?: {
                        readonly [key: string]: string | readonly string[] | {
                            readonly [key: string]: string;
                        };
                    };
                    readonly bases?: {
                        readonly [key: string]: string;
                    };
                    /** @default {} */
                    readonly notes?: {
                        readonly [key: string]: string | readonly string[] | {
                            readonly [key: string]: string;
                        };
                    };
                    readonly respondent?: string;
                    readonly saveId?: string;
                    readonly summary?: string;
                    readonly website?: string;
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
                    readonly "application/json": components["schemas"]["FormDocument"];
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
            readonly 413: {
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
    readonly getQuestions: {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly name: string;
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
                    readonly "application/json": components["schemas"]["FormDefinition"];
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
}
