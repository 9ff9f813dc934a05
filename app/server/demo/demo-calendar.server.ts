/**
 * Demo dates move with the day of seeding; a text that names a day of the week
 * ("the festival's Saturday night") must still fall on that day.
 */

export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * Days from `from` to the first `weekday` on or after the local calendar day `days`
 * after it: `days` itself when that day is already the weekday, at most six more.
 */
export function daysToWeekday(from: Date, days: number, weekday: Weekday): number {
  const day = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  return days + ((WEEKDAYS.indexOf(weekday) - day.getDay() + 7) % 7);
}
