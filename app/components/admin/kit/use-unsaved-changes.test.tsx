import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import {
  UNSAVED_CHANGES_TEXT,
  leavesScreen,
  listOfChanges,
  unsavedChanges,
  unsavedChangesMessage,
  useUnsavedChanges,
} from "./use-unsaved-changes";

describe("the leave-without-saving question", () => {
  it("has the words of the brief", () => {
    expect(UNSAVED_CHANGES_TEXT).toEqual({
      title: "Leave without saving?",
      leave: "Leave",
      stay: "Stay",
    });
  });

  it("names what would be lost", () => {
    expect(unsavedChangesMessage(["Shop hero title"])).toBe(
      "Your changes to Shop hero title will be lost.",
    );
    expect(listOfChanges(["A", "B"])).toBe("A and B");
    expect(listOfChanges(["A", "B", "C"])).toBe("A, B and C");
    expect(listOfChanges(["A", "B", "C", "D", "E"])).toBe("A, B, C and 2 more");
    expect(listOfChanges(["A", " A ", ""])).toBe("A");
    expect(listOfChanges([])).toBe("this page");
  });

  it("asks only when leaving the screen, not for a move within it", () => {
    expect(leavesScreen({ pathname: "/admin/footer" }, { pathname: "/admin" })).toBe(true);
    expect(leavesScreen({ pathname: "/admin/footer" }, { pathname: "/admin/footer/" })).toBe(false);
    expect(leavesScreen({ pathname: "/admin/footer" }, { pathname: "/admin/footer" })).toBe(false);
  });

  it("renders nothing on the server and reports nothing unsaved there", () => {
    function Screen() {
      const prompt = useUnsavedChanges(["Bandcamp link"]);
      return <main>{prompt}</main>;
    }
    const Stub = createRoutesStub([{ path: "/admin/footer", Component: Screen }]);
    expect(renderToStaticMarkup(<Stub initialEntries={["/admin/footer"]} />)).toBe("<main></main>");
    // Reports are made after mounting in the browser, never during a server render.
    expect(unsavedChanges()).toEqual([]);
  });
});
