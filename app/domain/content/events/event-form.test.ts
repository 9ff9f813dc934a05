import { describe, expect, it } from "vitest";
import {
  EVENT_MESSAGES as M,
  EVENT_TEXT,
  eventPlace,
  eventSchema,
  isEventTime,
} from "./event-form";
import { fieldErrorsFrom } from "../../core/form-errors";

const TODAY = "2026-03-14";
const ID = "3f2b8c4e-9a1d-4c7e-8f3a-2b6d9e1c5a7f";
const create = eventSchema({ mode: "create", today: TODAY });
const update = eventSchema({ mode: "update", today: TODAY });
const valid = { title: "Big Band Night", date: "2026-04-01", venue: "Blue Room", city: "Austin" };
const errors = (input: Record<string, unknown>, schema: typeof create | typeof update = create) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsFrom(result.error);
};

describe("event schema", () => {
  it("normalises a valid form; a new event is upcoming", () => {
    expect(
      create.parse({
        title: "  Big Band Night ",
        description: " ",
        date: "2026-04-01",
        time: " 8:00 PM ",
        venue: " Blue Room ",
        city: " Austin ",
        ticketUrl: "",
        imageUrl: "/uploads/events/a.jpg",
        isFeatured: "on",
      }),
    ).toEqual({
      title: "Big Band Night",
      description: null,
      date: "2026-04-01",
      time: "8:00 PM",
      venue: "Blue Room",
      city: "Austin",
      cityId: null,
      ticketUrl: null,
      imageUrl: "/uploads/events/a.jpg",
      status: "upcoming",
      isFeatured: true,
    });
  });

  it("refuses a past date only when creating", () => {
    expect(errors({ ...valid, date: "2026-03-13" })).toEqual({
      date: "Event date cannot be in the past",
    });
    expect(create.safeParse({ ...valid, date: TODAY }).success).toBe(true);
    expect(update.parse({ ...valid, id: ID, date: "2020-01-01", status: "past" })).toMatchObject({
      id: ID,
      date: "2020-01-01",
      status: "past",
    });
  });

  it("gives each rule's message", () => {
    expect(errors({})).toEqual({
      title: "Title is required",
      date: "Date is required",
      venue: "Venue is required",
      city: "City is required",
    });
    expect(errors({ ...valid, title: "B", venue: "X", city: "Y" })).toEqual({
      title: "Title must be at least 2 characters",
      venue: "Venue must be at least 2 characters",
      city: "City must be at least 2 characters",
    });
    expect(errors({ ...valid, description: "d".repeat(500) })).toEqual({
      description: "Description must be less than 500 characters",
    });
    expect(create.safeParse({ ...valid, description: "d".repeat(499) }).success).toBe(true);
    expect(errors({ ...valid, date: "2026-02-30" })).toEqual({ date: "Please enter a valid date" });
    expect(errors({ ...valid, date: "01/04/2026" })).toEqual({ date: M.dateInvalid });
    expect(errors({ ...valid, title: "  ", venue: " ", city: "" })).toEqual({
      title: "Title is required",
      venue: "Venue is required",
      city: "City is required",
    });
    expect(errors({ ...valid, time: "8pm" })).toEqual({
      time: "Please enter a valid time format (e.g., 8:00 PM, 20:00)",
    });
    expect(errors({ ...valid, ticketUrl: "tickets.example.com" })).toEqual({
      ticketUrl: "Please enter a valid URL",
    });
    expect(errors({ ...valid, imageUrl: "poster.jpg" })).toEqual({
      imageUrl: "Please enter a valid image URL",
    });
    expect(errors({ ...valid, isFeatured: "on" })).toEqual({
      imageUrl: "Featured events must have an image",
    });
    expect(errors({ ...valid, id: ID, status: "postponed" }, update)).toEqual({
      status: "Please choose upcoming, past or cancelled",
    });
  });

  it("lets a featured event through once it has an image, and keeps a bad image's own message", () => {
    expect(
      create.safeParse({ ...valid, isFeatured: "true", imageUrl: "https://cdn.example.com/a.jpg" })
        .success,
    ).toBe(true);
    expect(errors({ ...valid, isFeatured: "true", imageUrl: "poster.jpg" })).toEqual({
      imageUrl: "Please enter a valid image URL",
    });
    expect(errors({ ...valid, id: ID, isFeatured: "true" }, update)).toEqual({
      imageUrl: "Featured events must have an image",
    });
  });

  it("starts a new event upcoming whatever was posted; editing keeps the chosen status", () => {
    expect(create.parse({ ...valid, status: "cancelled" }).status).toBe("upcoming");
    expect(update.parse({ ...valid, id: ID, status: "cancelled" }).status).toBe("cancelled");
  });

  it("takes a ticket link and an uploaded or web image", () => {
    expect(
      create.parse({
        ...valid,
        ticketUrl: "https://tickets.example.com/e/1",
        imageUrl: "https://cdn.example.com/poster.webp",
      }),
    ).toMatchObject({
      ticketUrl: "https://tickets.example.com/e/1",
      imageUrl: "https://cdn.example.com/poster.webp",
    });
    expect(errors({ ...valid, ticketUrl: "javascript:alert(1)" })).toEqual({
      ticketUrl: "Please enter a valid URL",
    });
  });

  it("needs the id when updating", () => {
    expect(errors(valid, update)).toEqual({ id: "Unknown entry" });
  });

  it.each(["8:00", "08:00", "20:00", "0:30", "8:00 PM", "8:00pm", "12:15 am"])(
    "takes the time %s",
    (time) => {
      expect(isEventTime(time)).toBe(true);
    },
  );

  it("gives the time's message in the form and takes a blank time as none", () => {
    expect(errors({ ...valid, time: "25:00" })).toEqual({
      time: "Please enter a valid time format (e.g., 8:00 PM, 20:00)",
    });
    expect(create.parse({ ...valid, time: " " }).time).toBeNull();
    expect(create.parse({ ...valid, time: "20:00" }).time).toBe("20:00");
  });

  it.each(["8", "8 PM", "24:00", "13:00 PM", "0:00 AM", "8:60", "8.00", "evening"])(
    "refuses the time %s",
    (time) => {
      expect(isEventTime(time)).toBe(false);
    },
  );

  it("carries the spec's texts", () => {
    expect(EVENT_TEXT).toMatchObject({
      created: "Event Created Successfully",
      updated: "Event Updated Successfully",
      fetchFailed: "Failed to fetch events",
      deleteFailed: "Failed to delete event",
      deleteConfirm: "Are you sure you want to delete this event?",
    });
  });
});

describe("an event's place on the map", () => {
  const lisbon = {
    id: 2267057,
    label: "Lisbon, Lisbon, Portugal",
    latitude: 38.72,
    longitude: -9.13,
    countryCode: "PT",
  };
  const stored = {
    city: "Lisbon, Lisbon, Portugal",
    countryCode: "PT",
    latitude: 38.72,
    longitude: -9.13,
  };

  it("reads the picked city's id from the form, and nothing from free text", () => {
    expect(create.parse({ ...valid, cityId: "2267057" }).cityId).toBe(2267057);
    expect(create.parse({ ...valid, cityId: "" }).cityId).toBeNull();
    expect(create.parse({ ...valid, cityId: "Lisbon" }).cityId).toBeNull();
    expect(create.parse(valid).cityId).toBeNull();
  });

  it("takes a picked city's country and coordinates", () => {
    expect(eventPlace("Lisbon, Lisbon, Portugal", lisbon)).toEqual(stored);
  });

  it("keeps only the stored position, never the rest of a stored row", () => {
    const row = { ...stored, title: "Old title" };
    expect(eventPlace(stored.city, null, row)).toEqual(stored);
  });

  it("keeps the stored position while the city's text is unchanged, and drops it for another text", () => {
    expect(eventPlace(stored.city, null, stored)).toEqual(stored);
    expect(eventPlace("Porto", null, stored)).toEqual({
      city: "Porto",
      countryCode: null,
      latitude: null,
      longitude: null,
    });
    expect(eventPlace("Austin", null)).toEqual({
      city: "Austin",
      countryCode: null,
      latitude: null,
      longitude: null,
    });
  });
});
