import { describe, expect, it } from "vitest";
import {
  NO_PLAY,
  nextPlay,
  parseWidgetMessage,
  type SoundCloudPlay,
  type WidgetEvent,
} from "./soundcloud-plays";

const message = (method: string, value?: unknown) =>
  JSON.stringify({ widgetId: "widget_1", method, value });

/** The outcomes reported while the events happen, in order. */
function outcomes(events: (WidgetEvent | { type: "end" })[]): string[] {
  let play: SoundCloudPlay = NO_PLAY;
  const ended: string[] = [];
  for (const event of events) {
    const next = nextPlay(play, event);
    play = next.play;
    if (next.ended) ended.push(next.ended);
  }
  return ended;
}

const progress = (fraction: number) => ({ type: "progress", fraction }) as const;

describe("parseWidgetMessage", () => {
  it("reads the widget's events", () => {
    expect(parseWidgetMessage(message("ready"))).toEqual({ type: "ready" });
    expect(parseWidgetMessage(message("play", { soundId: 1 }))).toEqual({ type: "play" });
    expect(parseWidgetMessage(message("pause"))).toEqual({ type: "pause" });
    expect(parseWidgetMessage(message("finish"))).toEqual({ type: "finish" });
    expect(
      parseWidgetMessage(
        message("playProgress", {
          relativePosition: 0.42,
          currentPosition: 4200,
          loadedProgress: 1,
        }),
      ),
    ).toEqual({ type: "progress", fraction: 0.42 });
  });

  it("keeps a progress between 0 and 1", () => {
    expect(parseWidgetMessage(message("playProgress", { relativePosition: 1.3 }))).toEqual(
      progress(1),
    );
    expect(parseWidgetMessage(message("playProgress", { relativePosition: -2 }))).toEqual(
      progress(0),
    );
  });

  it("ignores anything else", () => {
    for (const data of [
      "not json",
      "",
      "null",
      "42",
      JSON.stringify([1]),
      message("seek", { relativePosition: 0.5 }),
      message("loadProgress", { loadedProgress: 0.5 }),
      message("playProgress"),
      message("playProgress", { relativePosition: "0.5" }),
      message("playProgress", { relativePosition: null }),
      JSON.stringify({ method: "toString" }),
      undefined,
      null,
      7,
    ]) {
      expect(parseWidgetMessage(data), String(data)).toBeNull();
    }
  });
});

describe("nextPlay", () => {
  it("counts a play that finishes as complete, once", () => {
    expect(
      outcomes([{ type: "play" }, progress(0.3), { type: "finish" }, { type: "finish" }]),
    ).toEqual(["complete"]);
  });

  it("does not end a play on pause: the visitor resumes and it goes on", () => {
    expect(
      outcomes([
        { type: "play" },
        progress(0.5),
        { type: "pause" },
        { type: "play" },
        progress(0.95),
        { type: "pause" },
        { type: "end" },
      ]),
    ).toEqual(["complete"]);
  });

  it("ends a play when the visitor leaves or chooses another track, by how far it got", () => {
    expect(outcomes([{ type: "play" }, progress(0.05), { type: "end" }])).toEqual(["skipped"]);
    expect(outcomes([{ type: "play" }, progress(0.5), { type: "end" }])).toEqual(["partial"]);
    expect(outcomes([{ type: "play" }, { type: "end" }])).toEqual(["skipped"]);
  });

  it("keeps the furthest point heard when the visitor seeks back", () => {
    expect(outcomes([{ type: "play" }, progress(0.92), progress(0.2), { type: "end" }])).toEqual([
      "complete",
    ]);
  });

  it("takes a progress without a play event as the start of a play", () => {
    expect(outcomes([progress(0.4), { type: "end" }])).toEqual(["partial"]);
  });

  it("reports nothing without a play", () => {
    expect(
      outcomes([{ type: "ready" }, { type: "pause" }, { type: "finish" }, { type: "end" }]),
    ).toEqual([]);
  });

  it("makes each play after a finish a play of its own", () => {
    expect(
      outcomes([
        { type: "play" },
        { type: "finish" },
        { type: "play" },
        progress(0.02),
        { type: "end" },
      ]),
    ).toEqual(["complete", "skipped"]);
  });

  it("ends a play when the widget reloads", () => {
    expect(outcomes([{ type: "play" }, progress(0.6), { type: "ready" }])).toEqual(["partial"]);
  });
});
