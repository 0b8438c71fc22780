/** The days of the week by their number, Sunday 0 as Date#getDay and the services count them. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
