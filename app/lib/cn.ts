import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Merges class names; the caller's classes come last and win. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
